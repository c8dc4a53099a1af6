//! `tangent screenshot`: the whole game ([`GamePlugin`]) drawn with no
//! window into an image, at a given fixed step of a level (and replay),
//! saved as a PNG. The steps before the picture run undrawn; the camera
//! then follows on a fixed frame time ([`CameraFrameTime`]) and settles for
//! [`SETTLE`] drawn steps, so the same level, replay and step give the same
//! picture however fast it was drawn. Keys can be tapped before the
//! picture (a menu, the editor, the collision overlay). With no GPU, wgpu uses software
//! Vulkan (Mesa's lavapipe, `mesa-vulkan-drivers`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use bevy::app::PluginsState;
use bevy::camera::RenderTarget;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured};
use bevy::ui::IsDefaultUiCamera;
use bevy::window::ExitCondition;
use bevy::winit::WinitPlugin;

use crate::game::GamePlugin;
use crate::level::list::LevelList;
use crate::mode::GameMode;
use crate::player::camera::{CameraFrameTime, GameCamera};
use crate::profile::ProfilePlugin;
use crate::sim::headless::{read_replay, stepped_app};

/// How many steps before the picture are drawn, so the camera, the
/// backdrop and the art have caught up with the player (the camera
/// follows from the step before these, already near).
pub const SETTLE: u64 = 30;

/// What to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ShotOptions {
    pub level: PathBuf,
    pub replay: Option<PathBuf>,
    /// The fixed step drawn (0: as the level starts).
    pub frame: u64,
    /// The picture's size, px.
    pub size: UVec2,
    /// Keys tapped at that step, in order, before the picture (names as
    /// [`key_code`] reads them).
    pub press: Vec<String>,
    /// Start on the title screen.
    pub title: bool,
}

/// A key by its name: `Tab`, `Escape` (`Esc`), `Return`, `F1`-`F12`, or a
/// key the settings name ([`crate::player::keys::BINDABLE`]: `A`, `7`,
/// `Left`, `Space`, `Enter`...), in any case.
///
/// ```
/// use bevy::input::keyboard::KeyCode;
/// use tangent::screenshot::key_code;
/// assert_eq!(key_code("tab"), Some(KeyCode::Tab));
/// assert_eq!(key_code("T"), Some(KeyCode::KeyT));
/// assert_eq!(key_code("up"), Some(KeyCode::ArrowUp));
/// assert_eq!(key_code("F1"), Some(KeyCode::F1));
/// assert_eq!(key_code("Hyper"), None);
/// ```
pub fn key_code(name: &str) -> Option<KeyCode> {
    use KeyCode::*;
    let f = [F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12];
    let upper = name.to_ascii_uppercase();
    match upper.as_str() {
        "TAB" => return Some(Tab),
        "ESCAPE" | "ESC" => return Some(Escape),
        "RETURN" => return Some(Enter),
        _ => {}
    }
    let function = || {
        let n: usize = upper.strip_prefix('F')?.parse().ok()?;
        f.get(n.checked_sub(1)?).copied()
    };
    function().or_else(|| {
        crate::player::keys::BINDABLE
            .iter()
            .find(|(_, _, short)| short.eq_ignore_ascii_case(name))
            .map(|(k, _, _)| *k)
    })
}

/// Taps `key`: pressed for one update, released the next (as a
/// keyboard would report it).
fn tap(app: &mut App, key: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// A drawn frame: RGB bytes, rows from the top.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    pub rgb: Vec<u8>,
}

impl Frame {
    /// The pixel at column `x`, row `y` (from the top).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// Draws `opts` and saves it to `out` as a PNG; says what it wrote.
pub fn screenshot(opts: &ShotOptions, out: &Path) -> Result<String, String> {
    // (The picture's RGB conversion is written out here and in
    // `render_frame`: its type is the `image` crate's, which Bevy does not
    // export for a shared helper to name.)
    let rgb = capture(opts)?
        .try_into_dynamic()
        .map_err(|e| format!("the picture's format: {e}"))?
        .to_rgb8();
    rgb.save(out)
        .map_err(|e| format!("{}: cannot write: {e}", out.display()))?;
    Ok(format!(
        "wrote {} ({}x{}, {} at step {})",
        out.display(),
        opts.size.x,
        opts.size.y,
        opts.level.display(),
        opts.frame
    ))
}

/// Draws `opts` and gives its pixels.
pub fn render_frame(opts: &ShotOptions) -> Result<Frame, String> {
    let rgb = capture(opts)?
        .try_into_dynamic()
        .map_err(|e| format!("the picture's format: {e}"))?
        .to_rgb8();
    Ok(Frame {
        width: rgb.width(),
        height: rgb.height(),
        rgb: rgb.into_raw(),
    })
}

/// Runs the game to `opts.frame` and captures that step's picture.
fn capture(opts: &ShotOptions) -> Result<Image, String> {
    let keys = opts
        .press
        .iter()
        .map(|k| key_code(k).ok_or_else(|| format!("--press {k}: no such key (a letter, a digit, F1-F12, Tab, Escape, Enter, Space, Up, Down, Left, Right)")))
        .collect::<Result<Vec<_>, _>>()?;
    let replay = read_replay(opts.replay.as_deref())?;
    // A fresh profile (default settings), so the picture does not depend
    // on the player's own zoom or assists.
    let profile = std::env::temp_dir().join(format!("tangent-shot-{}", std::process::id()));
    let mut app = stepped_app(&opts.level, replay, |app| {
        app.add_plugins(
            DefaultPlugins
                .build()
                .disable::<WinitPlugin>()
                .set(WindowPlugin {
                    primary_window: None,
                    exit_condition: ExitCondition::DontExit,
                    close_when_requested: false,
                    ..default()
                })
                .set(AssetPlugin {
                    watch_for_changes_override: Some(false),
                    ..default()
                }),
        )
        .add_plugins(ProfilePlugin {
            dir: profile.clone(),
        })
        .add_plugins(GamePlugin)
        .insert_resource(LevelList::around(&opts.level))
        .insert_resource(CameraFrameTime(1.0 / 60.0));
        if opts.title {
            app.insert_state(GameMode::Title);
        }
        // The renderer starts asynchronously: wait for it, as `App::run`
        // would.
        while app.plugins_state() == PluginsState::Adding {
            bevy::tasks::tick_global_task_pools_on_main_thread();
        }
        app.finish();
        app.cleanup();
    })?;
    let image = shoot(&mut app, opts, &keys);
    let _ = std::fs::remove_dir_all(&profile);
    image
}

/// Steps `app` to `opts.frame`, drawing the last [`SETTLE`] steps, and
/// takes the picture.
fn shoot(app: &mut App, opts: &ShotOptions, keys: &[KeyCode]) -> Result<Image, String> {
    let target = target_image(app, opts.size);
    let dark = opts.frame.saturating_sub(SETTLE);
    set_cameras(app, &target, false);
    for _ in 0..dark {
        app.update();
    }
    set_cameras(app, &target, true);
    for _ in dark..opts.frame {
        app.update();
    }
    if !keys.is_empty() {
        for &k in keys {
            tap(app, k);
        }
        // What the keys opened settles (menus fade in).
        for _ in 0..SETTLE {
            app.update();
        }
    }
    let shot: Arc<Mutex<Option<Image>>> = Arc::default();
    let into = shot.clone();
    app.world_mut().spawn(Screenshot::image(target)).observe(
        move |captured: On<ScreenshotCaptured>| {
            *into.lock().unwrap() = Some(captured.image.clone());
        },
    );
    // The picture is of the step the screenshot was asked in; it arrives
    // a few updates later.
    for _ in 0..120 {
        app.update();
        if let Some(image) = shot.lock().unwrap().take() {
            return Ok(image);
        }
    }
    Err(
        "the renderer gave no picture (is a Vulkan driver installed? \
         `apt-get install mesa-vulkan-drivers` gives a software one)"
            .into(),
    )
}

/// A blank image the cameras draw into.
fn target_image(app: &mut App, size: UVec2) -> Handle<Image> {
    let image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    app.world_mut().resource_mut::<Assets<Image>>().add(image)
}

/// Points every camera at `target`, drawing or not (the game camera draws
/// the HUD too).
fn set_cameras(app: &mut App, target: &Handle<Image>, active: bool) {
    let world = app.world_mut();
    let mut cameras = world.query::<(Entity, &mut Camera, Has<GameCamera>)>();
    let found: Vec<(Entity, bool)> = cameras
        .iter_mut(world)
        .map(|(e, mut camera, game)| {
            camera.is_active = active;
            (e, game)
        })
        .collect();
    for (e, game) in found {
        let mut entity = world.entity_mut(e);
        entity.insert(RenderTarget::Image(target.clone().into()));
        if game {
            entity.insert(IsDefaultUiCamera);
        }
    }
}
