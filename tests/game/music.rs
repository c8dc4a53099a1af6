//! Music: each built-in loop decodes (with hound, the WAV reader Bevy's
//! audio uses), has the length its score says and is neither silent nor
//! clipped; it is seamless (the loop played round equals the score played
//! straight through, and the step from its last sample to its first is no
//! bigger than its own steps); the title theme plays in the menus and the
//! loop of the level's world in the game (each world its own), paused
//! with it, at the music volume.

use bevy::audio::{AudioSource, PlaybackSettings, Volume};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use tangent::audio::MusicPlugin;
use tangent::audio::music::{Music, TITLE_TUNE, Track, WORLD_TUNES, WorldMusic, synthesise};
use tangent::audio::synth::{RATE, render, render_through};
use tangent::audio::tune::Tune;
use tangent::mode::GameMode;
use tangent::profile::settings::Settings;

fn decoded(bytes: &[u8]) -> (hound::WavSpec, Vec<i16>) {
    let mut reader = hound::WavReader::new(std::io::Cursor::new(bytes)).unwrap();
    let spec = reader.spec();
    let samples = reader.samples::<i16>().map(Result::unwrap).collect();
    (spec, samples)
}

#[test]
fn each_loop_decodes_to_its_scores_length_neither_silent_nor_clipped() {
    for tune in std::iter::once(TITLE_TUNE).chain(WORLD_TUNES) {
        let score = Tune::parse(tune.1).unwrap();
        let source = synthesise(tune).unwrap();
        let (spec, samples) = decoded(&source.bytes);
        assert_eq!(
            (spec.channels, spec.sample_rate, spec.bits_per_sample),
            (1, RATE, 16)
        );
        let seconds = samples.len() as f64 / RATE as f64;
        let rms = (samples.iter().map(|&s| (s as f64).powi(2)).sum::<f64>() / samples.len() as f64)
            .sqrt()
            / i16::MAX as f64;
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap() as f64 / i16::MAX as f64;
        println!(
            "{}: {seconds:.3} s ({} kB of score, {} kB as WAV), rms {rms:.3}, peak {peak:.3}",
            tune.0,
            tune.1.len() / 1024,
            source.bytes.len() / 1024
        );
        assert!(
            (seconds - score.seconds()).abs() < 1.0 / RATE as f64,
            "{seconds}"
        );
        assert!(rms > 0.05 && peak <= 0.9 + 1e-4, "{rms} {peak}");
        // The score is small: what the binary carries.
        assert!(tune.1.len() < 16 * 1024);
    }
}

#[test]
fn each_loop_is_seamless() {
    for tune in std::iter::once(TITLE_TUNE).chain(WORLD_TUNES) {
        let score = Tune::parse(tune.1).unwrap();
        let looped = render(&score);
        let n = looped.len();
        // Played round, the loop is the score played straight through.
        let through = render_through(&score, 2);
        assert_eq!(through.len(), 2 * n);
        let first_diff = (0..n).find(|&i| through[n + i] != looped[i]);
        assert_eq!(
            first_diff, None,
            "{}: the second time round differs",
            tune.0
        );
        // The last and first 10 ms join as the loop's own samples do.
        let ms10 = RATE as usize / 100;
        for i in 0..ms10 {
            assert_eq!(looped[n - ms10 + i], through[n - ms10 + i]);
        }
        let (_, samples) = decoded(&synthesise(tune).unwrap().bytes);
        let own = samples
            .windows(2)
            .map(|w| (w[1] as i32 - w[0] as i32).abs())
            .max()
            .unwrap();
        let seam = (samples[0] as i32 - samples[n - 1] as i32).abs();
        println!("{}: seam step {seam}, largest step inside {own}", tune.0);
        assert!(seam <= own, "{seam} > {own}");
    }
}

/// A bare app with the music, the settings and the game's mode.
fn music_app(mode: GameMode) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()))
        .init_asset::<AudioSource>()
        .insert_resource(Settings::default())
        .insert_state(mode)
        .add_plugins(MusicPlugin);
    app.update();
    app
}

fn playing(app: &mut App) -> Vec<(Track, PlaybackSettings)> {
    let mut q = app.world_mut().query::<(&Music, &PlaybackSettings)>();
    q.iter(app.world()).map(|(m, p)| (m.0, *p)).collect()
}

fn set_mode(app: &mut App, mode: GameMode) {
    app.world_mut()
        .resource_mut::<NextState<GameMode>>()
        .set(mode);
    app.update();
    app.update();
}

#[test]
fn the_title_theme_plays_in_the_menus_the_world_in_the_game_paused_with_it() {
    let mut app = music_app(GameMode::Title);
    let title = playing(&mut app);
    assert_eq!(title.len(), 1);
    assert_eq!(title[0].0, Track::Title);
    assert_eq!(title[0].1.volume, Volume::Linear(0.6));
    // The settings keep the title playing; the game plays the world's.
    set_mode(&mut app, GameMode::Settings);
    assert_eq!(playing(&mut app)[0].0, Track::Title);
    set_mode(&mut app, GameMode::Playing);
    let game = playing(&mut app);
    assert_eq!(
        (game.len(), game[0].0, game[0].1.paused),
        (1, Track::World(0), false)
    );
    set_mode(&mut app, GameMode::Paused);
    let paused = playing(&mut app);
    assert_eq!(
        (paused.len(), paused[0].0, paused[0].1.paused),
        (1, Track::World(0), true)
    );
    // The music volume follows the setting, the effects volume does not
    // touch it.
    app.world_mut().resource_mut::<Settings>().music_volume = 0.2;
    app.world_mut().resource_mut::<Settings>().volume = 1.0;
    app.update();
    assert_eq!(playing(&mut app)[0].1.volume, Volume::Linear(0.2));
    set_mode(&mut app, GameMode::Playing);
    assert!(!playing(&mut app)[0].1.paused);
    set_mode(&mut app, GameMode::LevelSelect);
    let back = playing(&mut app);
    assert_eq!(
        (back.len(), back[0].0, back[0].1.volume),
        (1, Track::Title, Volume::Linear(0.2))
    );
}

/// Each shipped world plays its own loop: loading a level of world `k`
/// (as `worlds.ron` groups them) switches the game's music to loop `k`.
#[test]
fn each_world_plays_its_own_loop() {
    use tangent::level::CurrentLevel;
    use tangent::level::list::LevelList;
    use tangent::level::play::load_level_file;
    let list = LevelList::around(&crate::common::first_level());
    let worlds = list.worlds();
    assert!(worlds.len() >= 4, "{} worlds", worlds.len());
    let mut app = music_app(GameMode::Playing);
    app.insert_resource(list.clone());
    let mut heard = Vec::new();
    for (k, world) in worlds.iter().enumerate() {
        for &i in &world.levels {
            let path = list.0[i].clone();
            let level = load_level_file(&path).unwrap();
            app.insert_resource(CurrentLevel { path, level });
            app.update();
            app.update();
            assert_eq!(app.world().resource::<WorldMusic>().0, k, "{}", world.name);
            let now = playing(&mut app);
            assert_eq!(
                (now.len(), now[0].0),
                (1, Track::World(k)),
                "{}",
                world.name
            );
        }
        heard.push(k);
    }
    println!("{} worlds, each with its own loop", heard.len());
}
