//! Outside programs on the other end of two pipes: how every match starts the engine it
//! plays against (UCI, UCCI, GTP or Gomocup), with its standard error dropped.

use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A started program and its two pipes.
pub struct Piped {
    pub child: Child,
    pub input: ChildStdin,
    pub output: ChildStdout,
}

/// Starts `program` with `args`, in `dir` when given.
pub fn spawn(program: &str, args: &[&str], dir: Option<&Path>) -> Result<Piped, String> {
    let mut command = Command::new(program);
    command.args(args);
    if let Some(d) = dir {
        command.current_dir(d);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start '{program}': {e}"))?;
    let input = child.stdin.take().ok_or("the engine has no input")?;
    let output = child.stdout.take().ok_or("the engine has no output")?;
    Ok(Piped { child, input, output })
}

/// Starts a command line: the program, then its arguments, split at white space.
pub fn spawn_line(line: &str) -> Result<Piped, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (program, args) = words.split_first().ok_or("an engine needs a command")?;
    spawn(program, args, None)
}
