//! Reading the files named on the command line, bounded like the files they include
//! (`driver::MAX_SOURCE_BYTES`): a 50 MB file would cost minutes and gigabytes of analysis, and
//! a device (`/dev/zero`) would never end. Over the limit, the file is refused with E2913 before
//! any work is done.

use std::io::Read;
use std::path::Path;

use crate::exit;

/// The largest file the command line accepts: the limit of an included file.
pub const MAX_FILE_BYTES: u64 = driver::MAX_SOURCE_BYTES;

/// Why a command-line file was not read.
pub enum Refused {
    /// It cannot be read (missing, a directory, no permission): a bad command line.
    Unreadable(String),
    /// It is over [`MAX_FILE_BYTES`]: a user error with a code.
    TooLarge(String),
}

impl Refused {
    /// Prints the reason and returns the exit status.
    pub fn report(&self) -> u8 {
        match self {
            Refused::Unreadable(m) => {
                eprintln!("{m}");
                exit::BAD_COMMAND_LINE
            }
            Refused::TooLarge(m) => {
                eprintln!("{m}");
                exit::USER_ERROR
            }
        }
    }

    /// The reason as one line.
    pub fn message(&self) -> &str {
        match self {
            Refused::Unreadable(m) | Refused::TooLarge(m) => m,
        }
    }
}

/// Reads `path`, at most [`MAX_FILE_BYTES`] bytes (from a pipe too: reading stops one byte past
/// the limit).
pub fn read_file(path: &Path) -> Result<Vec<u8>, Refused> {
    let unreadable = |err: std::io::Error| {
        Refused::Unreadable(format!(
            "{}: error: cannot read file: {err}",
            path.display()
        ))
    };
    let too_large = |size: Option<u64>| {
        let size = size.map_or_else(|| "more".to_string(), |n| n.to_string());
        Refused::TooLarge(format!(
            "{}: error[E2913]: the file has {size} bytes, more than the limit of {MAX_FILE_BYTES} \
             bytes ({} MiB) for one source file: split it into modules (`import`)",
            path.display(),
            MAX_FILE_BYTES >> 20
        ))
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let meta = file.metadata().map_err(unreadable)?;
    if meta.is_file() && meta.len() > MAX_FILE_BYTES {
        return Err(too_large(Some(meta.len())));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(None));
    }
    Ok(bytes)
}
