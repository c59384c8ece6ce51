"""The user's files: reading one that must be a regular file of bounded size, and checking and
writing an output file, each problem a named error that names the file.

Every command that reads a file it was given (a house profile, a session sheet, a players file) or
writes one (`--html`, `--csv`, `--ema-csv`, `--report`) goes through here, so a FIFO, a device, a
symlink loop, a missing folder, `/dev/full` or an output that is one of the inputs gets the same
answer everywhere, before any work is done. `batch`'s own input and `-o` stream and are checked in
`batch.runner`, by the same rules.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from mcr_score.errors import McrError
from mcr_score.messages import Message, msg

MAX_INPUT = 4 * 1024 * 1024
"""The largest file read whole, in bytes: a 16-hand sheet or a house profile is a few KiB, a
players file of a thousand players under 100 KiB."""

_KINDS = (
    (stat.S_ISDIR, "file.kind.directory"),
    (stat.S_ISFIFO, "file.kind.fifo"),
    (stat.S_ISCHR, "file.kind.device"),
    (stat.S_ISBLK, "file.kind.device"),
    (stat.S_ISSOCK, "file.kind.socket"),
)


class InputFileError(McrError):
    """A file given to read that is missing, not a regular file, too large or not UTF-8. Callers
    with their own error class (a session, a profile) re-raise with this message as the reason."""

    code = "unreadable-file"


class OutputFileError(McrError):
    """An output file that cannot be written where it is asked, or would overwrite an input."""

    code = "unwritable-file"


def _reason(e: OSError) -> Message:
    """An OS error as a reason: a symlink loop and a bad name said plainly, else the system's words."""
    if e.errno == errno.ELOOP:
        return msg("file.loop")
    return msg("file.os", reason=e.strerror or str(e))


def kind_of(mode: int) -> Message | None:
    """What a file that is not a regular file is (None: a regular file): the one list of the kinds
    refused, for every file read and for `batch --resume`'s output."""
    for test, message_id in _KINDS:
        if test(mode):
            return msg(message_id)
    return None if stat.S_ISREG(mode) else msg("file.kind.other")


def user_path(path: str | os.PathLike[str], what: str = "a file path") -> str:
    """The path as the user wrote it; anything but a path is a `TypeError` naming `what`."""
    name = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(name, str):
        raise TypeError(f"{what} is a str or a PathLike of str, not {type(name).__name__}")
    return name


def shown_name(name: str) -> str:
    """A file's name as messages show it: a NUL as `\\0` (no terminal shows it), no name as `''`."""
    return name.replace("\x00", "\\0") or "''"


def read_bytes(path: str | os.PathLike[str], limit: int = MAX_INPUT) -> bytes:
    """The content of a regular file of at most `limit` bytes. A FIFO, a device or a directory is
    refused before it is opened (no hang on a FIFO, no endless `/dev/zero`), and the read stops at
    `limit + 1` bytes whatever the file claims."""
    name = user_path(path)
    if not name:
        raise InputFileError(msg("file.empty-name"))
    if "\x00" in name:
        raise InputFileError(msg("file.nul"), where=shown_name(name))
    try:
        kind = kind_of(os.stat(name).st_mode)
        if kind is not None:
            raise InputFileError(msg("file.not-regular", kind=kind), where=name)
        # O_NONBLOCK: a file swapped for a FIFO after the check opens at once instead of waiting
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise InputFileError(msg("file.cannot-read", reason=_reason(e)), where=name) from None
    with os.fdopen(fd, "rb") as f:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            raise InputFileError(msg("file.not-regular", kind=kind), where=name)
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise InputFileError(msg("file.cannot-read", reason=_reason(e)), where=name) from None
    if len(data) > limit:
        raise InputFileError(msg("file.too-large", most=limit), where=name)
    return data


def read_text(path: str | os.PathLike[str], limit: int = MAX_INPUT) -> str:
    """`read_bytes` decoded as UTF-8 (a byte-order mark is dropped); a bad byte is named by offset."""
    data = read_bytes(path, limit)
    start = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    try:
        return data[start:].decode("utf-8")
    except UnicodeDecodeError as e:
        at = start + e.start
        raise InputFileError(msg("file.encoding", byte=data[at], at=at + 1), where=user_path(path)) from None


STANDARD_STREAM = "-"
"""The name of standard input among the files a command reads, and of standard output as `-o`."""


def output_file(path: str | None) -> str | None:
    """The file `-o` names, or None for standard output (no `-o`, or `-o -`)."""
    return None if path == STANDARD_STREAM else path


def check_output(
    path: str | os.PathLike[str],
    option: str,
    inputs: Iterable[str | os.PathLike[str]] = (),
    outputs: Iterable[tuple[str, str | os.PathLike[str]]] = (),
) -> None:
    """Refuse, before any work, an output that cannot be written or would destroy a file: an empty
    name, a missing folder, a directory, a symlink loop, one of the `inputs`, or the same file as
    another output of the command (`outputs`: its option and path). `option` names the output in
    the message (`--html`)."""
    name = user_path(path)
    if not name:
        raise OutputFileError(msg("file.out.empty-name", option=option), where=option)
    if "\x00" in name:
        raise OutputFileError(msg("file.nul"), where=option)
    where = f"{option} {name}"
    target = Path(name)
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        mode = None
        if os.path.islink(name):  # a dangling link: writing would create its target somewhere else
            raise OutputFileError(msg("file.out.dangling"), where=where) from None
        folder = target.parent
        if not folder.is_dir():
            raise OutputFileError(msg("file.out.no-folder", folder=str(folder)), where=where) from None
        if not os.access(folder, os.W_OK):
            raise OutputFileError(msg("file.out.folder-read-only", folder=str(folder)), where=where) from None
    except OSError as e:
        raise OutputFileError(msg("file.cannot-write", reason=_reason(e)), where=where) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputFileError(msg("file.out.directory"), where=where)
    if mode is not None and not os.access(name, os.W_OK):
        raise OutputFileError(msg("file.out.read-only"), where=where)
    if mode is not None:
        for source in inputs:
            if _same(name, source):
                raise OutputFileError(msg("file.out.is-input", input=os.fspath(source)), where=where)
    for other_option, other in outputs:
        if _same(name, other):
            raise OutputFileError(msg("file.out.twice", other=other_option), where=where)


def _same(a: str, b: str | os.PathLike[str]) -> bool:
    """Whether two paths are one file: the same inode when both exist, else the same real path."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def write_text(path: str | os.PathLike[str], content: str, option: str) -> None:
    """Write `content` (UTF-8) to a checked output; a failure (a full disk, `/dev/full`) names the file."""
    name = user_path(path)
    try:
        with open(name, "w", encoding="utf-8", newline="") as f:
            f.write(content)
    except OSError as e:
        raise OutputFileError(msg("file.cannot-write", reason=_reason(e)), where=f"{option} {name}") from None


CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes as the start of a formula in a cell (OWASP, "CSV Injection")."""


def csv_text(cell: str) -> str:
    """A text cell made safe to open in a spreadsheet: one starting like a formula gets a leading
    `'` (OWASP's advice), so `=HYPERLINK(...)` in a player's name shows as text. Numbers we write
    ourselves (`-30`) are not text cells and do not go through here."""
    return "'" + cell if cell.startswith(CSV_FORMULA) else cell
