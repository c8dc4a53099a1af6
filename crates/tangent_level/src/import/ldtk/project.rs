//! Reading an LDtk project file and the level files it saved separately:
//! every level of every world in the project's order, each with its
//! layers, and where in the JSON it came from (for errors).

use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::json::{Level, Project};

/// The largest project or level file read, bytes (32 MiB; LDtk's biggest
/// sample is 2.4 MB).
pub const MAX_LDTK_BYTES: u64 = 32 << 20;

/// A level of the project, its layers read.
#[derive(Debug)]
pub struct ProjectLevel {
    pub level: Level,
    /// The file its layers came from (the project, or its `.ldtkl`).
    pub file: String,
    /// Its JSON path in the project: `levels[2]` or `worlds[1].levels[0]`.
    pub at: String,
}

/// The project at `path` and its levels, in order: the project's
/// `levels`, or with several worlds each world's levels in turn. A level
/// saved separately is read from its `externalRelPath` beside the project.
pub fn read_project(path: &Path) -> Result<(Project, Vec<ProjectLevel>), String> {
    let file = path.display().to_string();
    let mut project: Project = read_json(path)?;
    let folder = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut places: Vec<(String, Level)> = std::mem::take(&mut project.levels)
        .into_iter()
        .enumerate()
        .map(|(i, l)| (format!("levels[{i}]"), l))
        .collect();
    for (w, world) in project.worlds.iter_mut().enumerate() {
        for (i, l) in std::mem::take(&mut world.levels).into_iter().enumerate() {
            places.push((format!("worlds[{w}].levels[{i}]"), l));
        }
    }
    let mut out = Vec::new();
    for (at, mut level) in places {
        let mut from = file.clone();
        if level.layer_instances.is_none() {
            let Some(rel) = level.external_rel_path.clone() else {
                return Err(format!(
                    "{file}: {at} (`{}`): no layerInstances and no externalRelPath; \
                     save the project again in LDtk",
                    level.identifier
                ));
            };
            let ext: PathBuf = folder.join(&rel);
            let own: Level = read_json(&ext).map_err(|e| {
                format!(
                    "{e}\n({file}: {at} (`{}`) keeps its layers in {rel})",
                    level.identifier
                )
            })?;
            level.layer_instances = own.layer_instances;
            from = ext.display().to_string();
            if level.layer_instances.is_none() {
                return Err(format!(
                    "{from}: no layerInstances; save the project again in LDtk"
                ));
            }
        }
        out.push(ProjectLevel {
            level,
            file: from,
            at,
        });
    }
    Ok((project, out))
}

/// A JSON file read as `T`. An error names the file, the line and column
/// and the JSON path where reading stopped (`levels[0].pxWid`).
fn read_json<T: DeserializeOwned>(path: &Path) -> Result<T, String> {
    let file = path.display().to_string();
    let bytes = read_plain(path).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let de = &mut serde_json::Deserializer::from_slice(&bytes);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let inner = e.inner();
        let message = inner.to_string();
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        let at = e.path().to_string();
        let at = if at == "." {
            String::new()
        } else {
            format!(" at {at}")
        };
        format!(
            "{file}:{}:{}: not an LDtk file Tangent can read{at}: {message}",
            inner.line(),
            inner.column()
        )
    })
}

fn read_plain(path: &Path) -> std::io::Result<Vec<u8>> {
    crate::files::read_capped(path, MAX_LDTK_BYTES, "an LDtk file")
}
