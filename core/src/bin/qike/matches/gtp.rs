//! A GTP program on the other end of two pipes, as the opponent of `qike go-match`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout};

use crate::piped::{Piped, spawn_line};

/// A running GTP program.
#[derive(Debug)]
pub struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    pub fn start(command: &str) -> Result<Gtp, String> {
        let Piped { child, input, output } = spawn_line(command)?;
        Ok(Gtp { child, input, output: BufReader::new(output) })
    }

    /// Sends a command; the answer's text, or the error the program gave.
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").map_err(|e| e.to_string())?;
        self.input.flush().map_err(|e| e.to_string())?;
        let mut answer = String::new();
        let mut started = false;
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("the opponent closed its output after '{command}'"));
            }
            let line = line.trim_end();
            if !started {
                if line.is_empty() {
                    continue;
                }
                started = true;
            } else if line.is_empty() {
                break;
            }
            answer.push_str(line);
            answer.push('\n');
        }
        let answer = answer.trim_end().to_string();
        match answer.strip_prefix('=') {
            Some(rest) => Ok(rest.trim().to_string()),
            None => Err(answer),
        }
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
