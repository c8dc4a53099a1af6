//! The synthesiser: a [`Tune`] rendered into a loop of 16-bit mono samples,
//! and those samples as WAV bytes for Bevy's audio.
//!
//! Each note is its voice's waveform at the note's pitch (`440 · 2^((p −
//! 69) / 12)` Hz), shaped by an envelope that rises over 5 ms and falls
//! linearly to zero over the note's last fifth, so every note starts and
//! ends at silence: no clicks. A note that runs past the loop's end goes on
//! at its start (sample `i` of the loop is sample `i mod n`), with its
//! phase unbroken, so the loop plays seamlessly round and round. The mix is
//! scaled down only if its peak would pass 0.9.

use super::tune::{Tune, Wave};

/// Samples per second.
pub const RATE: u32 = 22_050;

/// The value of `wave` at `phase` (in turns), in `[-1, 1]`.
fn oscillator(wave: Wave, phase: f64) -> f64 {
    let x = phase.fract();
    match wave {
        Wave::Sine => (x * std::f64::consts::TAU).sin(),
        Wave::Triangle => 1.0 - 4.0 * (x - 0.5).abs(),
        Wave::Square => {
            if x < 0.5 {
                1.0
            } else {
                -1.0
            }
        }
    }
}

/// The envelope `k` samples into a note of `n` samples.
fn envelope(k: usize, n: usize) -> f64 {
    let attack = (0.005 * RATE as f64).max(1.0);
    let release = (n as f64 * 0.2).max(1.0);
    let rise = (k as f64 / attack).min(1.0);
    let fall = ((n - k) as f64 / release).min(1.0);
    rise.min(fall)
}

/// Adds `tune`'s notes into `out` (its length `cycles` loops), the notes of
/// each cycle after the one before; `wrap` folds what passes the end back
/// to the start.
fn mix(tune: &Tune, cycles: usize, wrap: bool) -> Vec<f64> {
    let per_beat = 60.0 / tune.bpm as f64 * RATE as f64;
    let loop_len = (tune.beats as f64 * per_beat).round() as usize;
    let total = loop_len * cycles;
    let mut out = vec![0.0f64; total];
    for cycle in 0..cycles {
        for voice in &tune.voices {
            for &(start, length, pitch) in &voice.notes {
                let first = (start as f64 * per_beat).round() as usize + cycle * loop_len;
                let n = (length as f64 * per_beat).round() as usize;
                let hz = 440.0 * 2f64.powf((pitch as f64 - 69.0) / 12.0);
                for k in 0..n {
                    let i = first + k;
                    let i = if wrap {
                        i % total
                    } else if i < total {
                        i
                    } else {
                        break;
                    };
                    let phase = hz * k as f64 / RATE as f64;
                    out[i] += voice.gain as f64 * envelope(k, n) * oscillator(voice.wave, phase);
                }
            }
        }
    }
    out
}

/// The scale that keeps `mix`'s peak within 0.9.
fn scale_of(mix: &[f64]) -> f64 {
    let peak = mix.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    if peak > 0.9 { 0.9 / peak } else { 1.0 }
}

fn to_i16(mix: &[f64], scale: f64) -> Vec<i16> {
    mix.iter()
        .map(|x| (x * scale * i16::MAX as f64).round() as i16)
        .collect()
}

/// One loop of `tune`, seamless end to start.
///
/// ```
/// use tangent::audio::synth::{render, RATE};
/// use tangent::audio::tune::Tune;
/// let t = Tune::parse("(bpm: 60, beats: 2, voices: [(wave: Square, gain: 0.5, notes: [(1.5, 1, 69)])])").unwrap();
/// let s = render(&t);
/// assert_eq!(s.len(), 2 * RATE as usize);
/// // The note runs past the end and goes on at the start.
/// assert!(s[RATE as usize / 4] != 0 && s[3 * RATE as usize / 4] == 0);
/// ```
pub fn render(tune: &Tune) -> Vec<i16> {
    let mix = mix(tune, 1, true);
    to_i16(&mix, scale_of(&mix))
}

/// `cycles` loops of `tune` played straight through (nothing folded back),
/// at one loop's scale: what the loop must sound like played round and
/// round (its tests compare the two).
pub fn render_through(tune: &Tune, cycles: usize) -> Vec<i16> {
    let one = mix(tune, 1, true);
    to_i16(&mix(tune, cycles, false), scale_of(&one))
}

/// `samples` as a 16-bit mono PCM WAV file at [`RATE`].
pub fn wav_bytes(samples: &[i16]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}
