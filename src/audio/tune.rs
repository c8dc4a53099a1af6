//! A tune: the score of a music loop, as `tools/make_music.py` writes it
//! (`assets/music/*.tune.ron`): a tempo, a length in beats, and voices, each
//! a waveform, a gain and notes `(start beat, length in beats, MIDI pitch)`.
//!
//! ```
//! use tangent::audio::tune::{Tune, Wave};
//! let t = Tune::parse("(bpm: 120, beats: 4, voices: [(wave: Sine, gain: 0.5, notes: [(0, 1, 69)])])").unwrap();
//! assert_eq!((t.bpm, t.beats, t.voices[0].wave), (120.0, 4, Wave::Sine));
//! assert_eq!(t.seconds(), 2.0);
//! assert!(Tune::parse("(bpm: 0, beats: 4, voices: [])").is_err());
//! ```

use serde::{Deserialize, Serialize};

/// A voice's waveform.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Wave {
    Sine,
    Triangle,
    Square,
}

/// One voice of a tune.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Voice {
    pub wave: Wave,
    /// Its loudness, 0 to 1.
    pub gain: f32,
    /// `(start beat, length in beats, MIDI pitch)`; A4 = 69 = 440 Hz.
    pub notes: Vec<(f32, f32, u8)>,
}

/// A loop's score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tune {
    /// Beats per minute.
    pub bpm: f32,
    /// The loop's length in beats.
    pub beats: u32,
    pub voices: Vec<Voice>,
}

impl Tune {
    /// Reads a score, checking that the tempo, the length and every note
    /// make a loop (a note no longer than the loop, starting inside it).
    pub fn parse(text: &str) -> Result<Tune, String> {
        let tune: Tune =
            ron::from_str(text).map_err(|e| format!("{}: {}", e.span.start, e.code))?;
        if !(tune.bpm.is_finite() && tune.bpm > 0.0) || tune.beats == 0 {
            return Err(format!(
                "tempo {} and length {} beats make no loop",
                tune.bpm, tune.beats
            ));
        }
        for v in &tune.voices {
            if !(0.0..=1.0).contains(&v.gain) {
                return Err(format!("gain {} is not between 0 and 1", v.gain));
            }
            for &(start, length, _) in &v.notes {
                let inside = (0.0..tune.beats as f32).contains(&start);
                if !(inside && length > 0.0 && length <= tune.beats as f32) {
                    return Err(format!(
                        "note at beat {start} of {length} beats does not fit the loop"
                    ));
                }
            }
        }
        Ok(tune)
    }

    /// The loop's length in seconds.
    pub fn seconds(&self) -> f64 {
        self.beats as f64 * 60.0 / self.bpm as f64
    }
}
