//! A GTP controller's side of a connection to an engine run as a subprocess.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum GtpClientError {
    #[error("cannot start '{0}': {1}")]
    Spawn(String, std::io::Error),
    #[error("engine connection failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("engine closed the connection")]
    Closed,
    #[error("engine answered '? {0}'")]
    Refused(String),
    #[error("malformed answer '{0}'")]
    Malformed(String),
}

/// An engine speaking GTP on its standard input and output.
pub struct GtpClient {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GtpClient {
    /// Starts `command` (split on whitespace; single quotes group words).
    pub fn spawn(command: &str) -> Result<GtpClient, GtpClientError> {
        let words = split_command(command);
        let (program, args) = words.split_first().ok_or_else(|| {
            GtpClientError::Spawn(command.into(), std::io::Error::other("empty command"))
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| GtpClientError::Spawn(command.into(), e))?;
        let stdin = child.stdin.take().ok_or(GtpClientError::Closed)?;
        let stdout = BufReader::new(child.stdout.take().ok_or(GtpClientError::Closed)?);
        Ok(GtpClient {
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command; the answer text without `=`, or the error.
    pub fn send(&mut self, command: &str) -> Result<String, GtpClientError> {
        writeln!(self.stdin, "{command}")?;
        self.stdin.flush()?;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line)? == 0 {
                return Err(GtpClientError::Closed);
            }
            let line = line.trim_end_matches(['\n', '\r']);
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            lines.push(line.to_string());
        }
        let text = lines.join("\n");
        let status = text.chars().next();
        let body = text
            .get(1..)
            .unwrap_or("")
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .trim()
            .to_string();
        match status {
            Some('=') => Ok(body),
            Some('?') => Err(GtpClientError::Refused(body)),
            _ => Err(GtpClientError::Malformed(text)),
        }
    }

    /// Says `quit` and waits for the process to end.
    pub fn quit(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Splits a command line on whitespace, keeping single-quoted parts together.
fn split_command(s: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in s.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}
