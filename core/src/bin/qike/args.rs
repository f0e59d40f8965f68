//! A small argument reader: positionals, `--name value` options and `--flag`s.

pub struct Args {
    rest: Vec<String>,
}

impl Args {
    pub fn from_env() -> Self {
        Args { rest: std::env::args().skip(1).collect() }
    }

    /// Takes the next argument that is not an option.
    pub fn positional(&mut self, what: &str) -> Result<String, String> {
        let i = self
            .rest
            .iter()
            .position(|a| !a.starts_with("--"))
            .ok_or_else(|| format!("missing {what}"))?;
        Ok(self.rest.remove(i))
    }

    /// Takes `--name value`.
    pub fn option(&mut self, name: &str) -> Option<String> {
        let i = self.rest.iter().position(|a| a == name)?;
        if i + 1 < self.rest.len() {
            self.rest.remove(i);
            Some(self.rest.remove(i))
        } else {
            None
        }
    }

    /// Takes `--name` and the `key=value` words after it (`--sprt elo0=0 elo1=5`).
    pub fn option_words(&mut self, name: &str) -> Option<Vec<String>> {
        let i = self.rest.iter().position(|a| a == name)?;
        self.rest.remove(i);
        let mut words = Vec::new();
        while i < self.rest.len() && !self.rest[i].starts_with("--") && self.rest[i].contains('=') {
            words.push(self.rest.remove(i));
        }
        Some(words)
    }

    /// Takes `--name` and reports whether it was there.
    pub fn flag(&mut self, name: &str) -> bool {
        match self.rest.iter().position(|a| a == name) {
            Some(i) => {
                self.rest.remove(i);
                true
            }
            None => false,
        }
    }

    /// Fails on anything left over, so typos are not silently ignored.
    pub fn finish(&self) -> Result<(), String> {
        match self.rest.first() {
            Some(extra) => Err(format!("unexpected argument '{extra}'")),
            None => Ok(()),
        }
    }
}
