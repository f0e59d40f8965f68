//! Sounds: each cue core decides (a move, a capture, a check, right or wrong, the end
//! of a game) made here as a short sound and played when the sound setting is on.
//!
//! Screens put cues in [`Cues`]; a move on the shared board is heard without the screen
//! saying so ([`qike_core::BoardView::cue_after`]). The sounds are synthesized (no sound
//! files): a wooden knock for a move, a double knock for a capture, bright tones for
//! check and right answers, a low one for a wrong answer, a short tune for the end.
//! [`SoundPlugin`] decides and counts them in [`Heard`] (what the tests listen to);
//! [`SpeakerPlugin`], which only the running app adds, plays them: through Bevy's audio
//! on Android and iOS (and on the desktop with the `sound` feature), else on Linux through
//! the desktop's own player program (PipeWire's, PulseAudio's or ALSA's), so the usual
//! build needs no audio library.

use bevy::prelude::*;
use qike_core::Cue;
use qike_core::progress::PlayerResult;

use crate::board::ActiveBoard;
use crate::data::Current;

/// The samples per second of every sound.
pub const SAMPLE_RATE: u32 = 22_050;

/// Cues waiting to be played this frame.
#[derive(Resource, Debug, Default)]
pub struct Cues(Vec<Cue>);

impl Cues {
    pub fn push(&mut self, cue: Cue) {
        self.0.push(cue);
    }
}

/// Every cue played (while the sound setting was on), oldest first; the last 64.
#[derive(Resource, Debug, Default)]
pub struct Heard(pub Vec<Cue>);

/// The cue for a game's result (`None` while unfinished).
pub fn result_cue(result: PlayerResult) -> Option<Cue> {
    match result {
        PlayerResult::Won => Some(Cue::Win),
        PlayerResult::Lost => Some(Cue::Loss),
        PlayerResult::Drew => Some(Cue::Draw),
        PlayerResult::Unfinished => None,
    }
}

#[derive(Debug)]
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Cues>()
            .init_resource::<Heard>()
            .add_systems(PostUpdate, (board_cues, play).chain());
    }
}

/// Plays the cues on the device's speaker.
#[derive(Debug)]
pub struct SpeakerPlugin;

impl Plugin for SpeakerPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, speaker::install);
    }
}

/// Whatever plays the sounds on this platform.
#[derive(Resource)]
pub struct Speaker(Box<dyn Play>);

impl std::fmt::Debug for Speaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Speaker")
    }
}

trait Play: Send + Sync {
    fn play(&mut self, commands: &mut Commands, cue: Cue);
}

/// A new move on the shared board is a cue.
fn board_cues(
    board: Option<Res<ActiveBoard>>,
    mut before: Local<Option<qike_core::BoardView>>,
    mut cues: ResMut<Cues>,
) {
    let Some(board) = board else {
        *before = None;
        return;
    };
    if !board.is_changed() {
        return;
    }
    if let Some(cue) = before.as_ref().and_then(|b| board.view.cue_after(b)) {
        cues.push(cue);
    }
    *before = Some(board.view.clone());
}

/// Plays this frame's cues (the most telling one, when several come at once) if the
/// child has sound on.
fn play(
    mut cues: ResMut<Cues>,
    mut heard: ResMut<Heard>,
    current: Res<Current>,
    speaker: Option<ResMut<Speaker>>,
    mut commands: Commands,
) {
    let Some(cue) = cues.0.drain(..).max_by_key(|&c| weight(c)) else { return };
    if !current.settings.sound {
        return;
    }
    heard.0.push(cue);
    let extra = heard.0.len().saturating_sub(64);
    heard.0.drain(..extra);
    if let Some(mut speaker) = speaker {
        speaker.0.play(&mut commands, cue);
    }
}

/// Which cue wins when several come in one frame: the end of a game over a check over a
/// capture over a move.
fn weight(cue: Cue) -> u8 {
    match cue {
        Cue::Move => 0,
        Cue::Capture => 1,
        Cue::Check => 2,
        Cue::Right | Cue::Wrong => 3,
        Cue::Win | Cue::Loss | Cue::Draw => 4,
    }
}

/// One cue's sound as 16-bit mono PCM samples at [`SAMPLE_RATE`].
pub fn samples(cue: Cue) -> Vec<i16> {
    // (frequency in Hz or 0 for a knock, start in s, length in s, loudness 0..1)
    let notes: &[(f32, f32, f32, f32)] = match cue {
        Cue::Move => &[(0.0, 0.0, 0.07, 0.8)],
        Cue::Capture => &[(0.0, 0.0, 0.06, 0.8), (0.0, 0.09, 0.08, 0.9)],
        Cue::Check => &[(880.0, 0.0, 0.12, 0.5), (1175.0, 0.13, 0.16, 0.5)],
        Cue::Right => &[(784.0, 0.0, 0.1, 0.45), (1047.0, 0.1, 0.2, 0.45)],
        Cue::Wrong => &[(196.0, 0.0, 0.28, 0.5)],
        Cue::Win => &[
            (523.0, 0.0, 0.14, 0.45),
            (659.0, 0.14, 0.14, 0.45),
            (784.0, 0.28, 0.14, 0.45),
            (1047.0, 0.42, 0.35, 0.45),
        ],
        Cue::Loss => &[(392.0, 0.0, 0.2, 0.4), (330.0, 0.2, 0.2, 0.4), (262.0, 0.4, 0.4, 0.4)],
        Cue::Draw => &[(523.0, 0.0, 0.2, 0.4), (523.0, 0.25, 0.3, 0.4)],
    };
    let end = notes.iter().map(|&(_, at, len, _)| at + len).fold(0.0, f32::max);
    let rate = SAMPLE_RATE as f32;
    let mut out = vec![0.0f32; (end * rate).ceil() as usize];
    // A fixed noise source, so a sound is the same every time.
    let mut noise = qike_core::Rng::new(7);
    for &(freq, at, len, loud) in notes {
        let start = (at * rate) as usize;
        let n = (len * rate) as usize;
        for i in 0..n {
            let t = i as f32 / rate;
            // A quick rise and a fall to silence at the note's end.
            let envelope = (t / 0.004).min(1.0) * (1.0 - i as f32 / n as f32).powi(2);
            let wave = if freq == 0.0 {
                // A knock: a low thud with a little noise on top.
                let thud = (std::f32::consts::TAU * 180.0 * t).sin();
                let grain = noise.below(2001) as f32 / 1000.0 - 1.0;
                0.7 * thud + 0.3 * grain * (-t / 0.01).exp()
            } else {
                let f = std::f32::consts::TAU * freq * t;
                0.8 * f.sin() + 0.2 * (2.0 * f).sin()
            };
            out[start + i] += loud * envelope * wave;
        }
    }
    out.iter().map(|&s| (s.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).collect()
}

/// A cue's sound as a WAV file (RIFF, PCM, 16-bit mono).
pub fn wav(cue: Cue) -> Vec<u8> {
    let pcm = samples(cue);
    let data_len = (pcm.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + pcm.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(any(feature = "sound", target_os = "android", target_os = "ios"))]
mod speaker {
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings};
    use bevy::prelude::*;
    use qike_core::Cue;

    /// Every cue's sound in Bevy's audio, made once at start.
    struct Bevy(Vec<(Cue, Handle<AudioSource>)>);

    impl super::Play for Bevy {
        fn play(&mut self, commands: &mut Commands, cue: Cue) {
            if let Some((_, handle)) = self.0.iter().find(|(c, _)| *c == cue) {
                commands.spawn((AudioPlayer::new(handle.clone()), PlaybackSettings::DESPAWN));
            }
        }
    }

    pub fn install(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
        let handles = Cue::ALL
            .iter()
            .map(|&cue| (cue, sources.add(AudioSource { bytes: super::wav(cue).into() })))
            .collect();
        commands.insert_resource(super::Speaker(Box::new(Bevy(handles))));
    }
}

#[cfg(not(any(feature = "sound", target_os = "android", target_os = "ios")))]
mod speaker {
    use std::path::PathBuf;
    use std::process::{Child, Command, Stdio};

    use bevy::prelude::*;
    use qike_core::Cue;

    /// The desktop's own player programs, the first one found plays.
    const PLAYERS: [(&str, &[&str]); 3] = [("pw-play", &[]), ("paplay", &[]), ("aplay", &["-q"])];

    /// Each cue's sound as a WAV file, played by a player program.
    struct Program {
        program: PathBuf,
        args: &'static [&'static str],
        files: Vec<(Cue, PathBuf)>,
        /// Players still running, waited for so none is left behind.
        playing: Vec<Child>,
    }

    impl super::Play for Program {
        fn play(&mut self, _: &mut Commands, cue: Cue) {
            self.playing.retain_mut(|child| matches!(child.try_wait(), Ok(None)));
            let Some((_, file)) = self.files.iter().find(|(c, _)| *c == cue) else { return };
            let child = Command::new(&self.program)
                .args(self.args)
                .arg(file)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn();
            if let Ok(child) = child {
                self.playing.push(child);
            }
        }
    }

    /// Finds a player program and writes the sounds where it can read them; without
    /// either, the app stays silent.
    pub fn install(mut commands: Commands) {
        let Some(path) = std::env::var_os("PATH") else { return };
        let found = PLAYERS.iter().find_map(|&(name, args)| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
                .map(|p| (p, args))
        });
        let Some((program, args)) = found else { return };
        let dir = std::env::temp_dir().join(format!("qike-sounds-{}", std::process::id()));
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        let mut files = Vec::new();
        for cue in Cue::ALL {
            let file = dir.join(format!("{cue:?}.wav").to_lowercase());
            if std::fs::write(&file, super::wav(cue)).is_err() {
                return;
            }
            files.push((cue, file));
        }
        let speaker = Program { program, args, files, playing: Vec::new() };
        commands.insert_resource(super::Speaker(Box::new(speaker)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_a_short_distinct_sound_that_never_clips() {
        let mut seen = Vec::new();
        for cue in Cue::ALL {
            let pcm = samples(cue);
            let seconds = pcm.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.05..=1.0).contains(&seconds), "{cue:?} lasts {seconds} s");
            let peak = pcm.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(peak > 8_000, "{cue:?} is audible (peak {peak})");
            assert!(peak < i16::MAX as u16, "{cue:?} clips");
            // It fades out: the last hundredth of a second is near silence.
            let tail = &pcm[pcm.len() - SAMPLE_RATE as usize / 100..];
            assert!(tail.iter().all(|s| s.unsigned_abs() < 2_000), "{cue:?} ends in a click");
            assert!(!seen.contains(&pcm), "{cue:?} sounds like another cue");
            seen.push(pcm);
        }
        assert_eq!(samples(Cue::Move), samples(Cue::Move), "the same every time");
    }

    #[test]
    fn a_wav_file_says_what_it_holds() {
        let bytes = wav(Cue::Check);
        let pcm = samples(Cue::Check);
        assert_eq!(&bytes[..4], b"RIFF");
        assert_eq!(&bytes[8..16], b"WAVEfmt ");
        assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize, bytes.len() - 8);
        assert_eq!(u16::from_le_bytes([bytes[22], bytes[23]]), 1, "mono");
        assert_eq!(u32::from_le_bytes(bytes[24..28].try_into().unwrap()), SAMPLE_RATE);
        assert_eq!(&bytes[36..40], b"data");
        assert_eq!(u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize, pcm.len() * 2);
        assert_eq!(i16::from_le_bytes([bytes[44], bytes[45]]), pcm[0]);
    }

    #[test]
    fn the_end_of_a_game_outranks_its_last_move() {
        assert!(weight(Cue::Win) > weight(Cue::Check));
        assert!(weight(Cue::Check) > weight(Cue::Capture));
        assert!(weight(Cue::Capture) > weight(Cue::Move));
        assert_eq!(result_cue(PlayerResult::Won), Some(Cue::Win));
        assert_eq!(result_cue(PlayerResult::Lost), Some(Cue::Loss));
        assert_eq!(result_cue(PlayerResult::Drew), Some(Cue::Draw));
        assert_eq!(result_cue(PlayerResult::Unfinished), None);
    }
}
