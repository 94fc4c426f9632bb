# Type stubs of the native module qili._qili (bindings/python/src/lib.rs). The typed API is
# qili/__init__.py; these return what the `qili` command line prints.
from os import PathLike
from typing import List, Optional, Tuple, Union

_Path = Union[str, PathLike[str]]

SCHEMA_VERSION: int
__version__: str

class QiliError(Exception):
    """The message `qili` prints after `error: `."""

def judge_json(
    fen: Optional[str] = None,
    moves: Optional[str] = None,
    rules: str = "cxa2011",
    all_plies: bool = False,
    *,
    binit: Optional[str] = None,
    side: Optional[str] = None,
    record: Optional[_Path] = None,
    game: Optional[int] = None,
    plies: Optional[int] = None,
    format: Optional[str] = None,
) -> str: ...
def next_moves_json(
    fen: Optional[str] = None,
    moves: Optional[str] = None,
    rules: str = "cxa2011",
    *,
    binit: Optional[str] = None,
    side: Optional[str] = None,
    record: Optional[_Path] = None,
    game: Optional[int] = None,
    plies: Optional[int] = None,
    format: Optional[str] = None,
) -> str: ...
def convert(
    fen: Optional[str] = None,
    moves: Optional[str] = None,
    to: str = "iccs",
    *,
    binit: Optional[str] = None,
    side: Optional[str] = None,
) -> str: ...
def rules() -> List[Tuple[str, str, List[str]]]: ...
def scan_file(
    path: _Path, rules: str = "cxa2011", format: str = "auto", all: bool = False
) -> Tuple[List[str], List[Tuple[str, str]], str]: ...
def collect_files(paths: List[_Path]) -> List[str]: ...
def merge_summaries(parts: List[str]) -> str: ...
def summary_text(json: str) -> str: ...
