"""Ed25519 seals: a judge's signature over a verified match log.

A seal is a small JSON file beside the log (``game.jsonl`` -> ``game.jsonl.seal``;
for a match in a SQLite store, ``<match_id>.seal`` in the store's folder). It
names the match, its number of events and final hash (which, through the hash
chain, covers the header and every event), the engine and rules versions that
verified it and the signer, and carries the signer's public key and a
signature over the canonical JSON of all of those fields.

Checking a seal against a *trusted* public key (the judge's ``judge.pub``,
obtained separately -- never the key inside the seal) proves the judge signed
exactly this log: any later edit, even one that recomputes the whole hash
chain, changes the final hash or the event count. Keys are plain hex files:
``judge.key`` holds the 32-byte private seed (mode 0600), ``judge.pub`` the
32-byte public key.

PyNaCl is imported by the functions that make or read a key or check a signature, not with this module: a
``beatlog verify`` of a log without a seal (the usual case) would otherwise spend a few ms of its start-up loading
it (``bench``'s cli rows).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from recorder import canonical
from recorder.envelope import Record
from recorder.errors import CorruptLog, UsageError, VerificationFailed
from recorder.header import Header
from .verify import verify_loaded

if TYPE_CHECKING:
    from nacl.signing import SigningKey, VerifyKey
    from .source import Loaded

SEAL_FORMAT = "beatlog-seal/1"
SIGNED_FIELDS = (
    "format", "match_id", "events", "final_hash", "complete",
    "engine_version", "rules_version", "signer", "public_key",
)


# -- keys ---------------------------------------------------------------------

def key_paths(stem: str | Path) -> tuple[Path, Path]:
    """``judge`` -> (``judge.key``, ``judge.pub``)."""
    stem = Path(stem)
    if stem.suffix in (".key", ".pub"):
        stem = stem.with_suffix("")
    return stem.with_name(stem.name + ".key"), stem.with_name(stem.name + ".pub")


def keygen(stem: str | Path, *, force: bool = False) -> tuple[Path, Path]:
    """Write a new key pair: ``<stem>.key`` (private, 0600) and ``<stem>.pub``.

    Refuses to overwrite an existing key unless ``force``: a lost private key
    cannot seal again, and a replaced one makes every earlier seal unverifiable
    with the new public key.
    """
    if str(stem) == "-":
        raise UsageError("keygen writes two files, STEM.key and STEM.pub, so '-' (stdout) cannot hold the key "
                         "pair; give a file stem, e.g. -o judge")
    private, public = key_paths(stem)
    for path in (private, public):
        if path.exists() and not force:
            raise UsageError(f"{path} already exists; refusing to overwrite a key (use --force)")
    from nacl.signing import SigningKey  # lazy: PyNaCl only where a key is used (see the top)

    key = SigningKey.generate()
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    fd = os.open(private, flags, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key.encode().hex() + "\n")
    os.chmod(private, 0o600)  # O_CREAT's mode does not apply to a file that already existed
    public.write_text(key.verify_key.encode().hex() + "\n", encoding="ascii")
    return private, public


def load_signing_key(path: str | Path) -> SigningKey:
    from nacl.signing import SigningKey  # lazy: PyNaCl only where a key is used (see the top)

    return SigningKey(_read_hex32(path, "private key"))


def load_public_key(path: str | Path) -> VerifyKey:
    from nacl.signing import VerifyKey  # lazy: PyNaCl only where a key is used (see the top)

    return VerifyKey(_read_hex32(path, "public key"))


def _read_hex32(path: str | Path, what: str) -> bytes:
    text = Path(path).read_text(encoding="ascii", errors="replace").strip()
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise UsageError(f"{path}: not a beatlog {what} (expected 64 hexadecimal digits)")
    return raw


# -- sealing ------------------------------------------------------------------

def seal_path(log_path: str | Path) -> Path:
    """Where the seal of a JSONL log lives."""
    return Path(str(log_path) + ".seal")


def db_seal_path(db_path: str | Path, match_id: str) -> Path:
    """Where the seal of a match in a SQLite store lives: beside the store, named by match id."""
    return Path(db_path).parent / f"{match_id}.seal"


def make_seal(header: Header, records: Sequence[Record], key: SigningKey, signer: str,
              *, complete: bool = True) -> dict[str, Any]:
    """The seal of a log (which the caller has verified), signed with ``key``."""
    body = {
        "format": SEAL_FORMAT,
        "match_id": header.match_id,
        "events": len(records),
        "final_hash": records[-1].hash if records else header.hash,
        "complete": complete,
        "engine_version": header.engine_version,
        "rules_version": header.rules_version,
        "signer": signer,
        "public_key": key.verify_key.encode().hex(),
    }
    signature = key.sign(canonical.dumps(body)).signature
    return {**body, "signature": signature.hex()}


def write_seal(path: str | Path, seal: dict[str, Any]) -> Path:
    path = Path(path)
    path.write_bytes(canonical.dumps(seal) + b"\n")
    return path


def read_seal(path: str | Path) -> dict[str, Any]:
    try:
        raw = canonical.loads(Path(path).read_bytes())
    except ValueError as exc:
        raise CorruptLog(f"{path}: not a seal file: {exc}") from None
    missing = [f for f in (*SIGNED_FIELDS, "signature") if not isinstance(raw, dict) or f not in raw]
    if missing:
        raise CorruptLog(f"{path}: not a seal file: missing {', '.join(missing)}")
    if raw["format"] != SEAL_FORMAT:
        raise CorruptLog(f"{path}: unsupported seal format {raw['format']!r}; this beatlog reads {SEAL_FORMAT!r}")
    return raw


def check_seal(seal: dict[str, Any], header: Header, records: Sequence[Record], trusted: VerifyKey | None,
               *, where: str) -> None:
    """Raise VerificationFailed unless ``seal`` is signed and the log still matches it.

    With ``trusted`` the seal must be signed with that key: this proves who
    sealed the log. Without it, only what the seal holds on its own is
    checked -- its signature against the key it names, and the match id,
    event count, final hash and versions against the log: a seal that no
    longer matches its log (the log changed after sealing, or another log's
    seal was copied beside it) is caught; who signed it is not proven, since
    anyone can sign with a key of their own.
    """
    from nacl.exceptions import BadSignatureError  # lazy: PyNaCl only where a key is used (see the top)

    named = seal["public_key"]
    if trusted is not None and named != trusted.encode().hex():
        trusted_hex = trusted.encode().hex()
        raise VerificationFailed(
            f"{where}: sealed with key {named[:16]}… by {seal['signer']!r}, "
            f"not with the trusted key {trusted_hex[:16]}…"
        )
    key = trusted if trusted is not None else _named_key(named, where)
    body = {name: seal[name] for name in SIGNED_FIELDS}
    try:
        key.verify(canonical.dumps(body), bytes.fromhex(seal["signature"]))
    except (BadSignatureError, ValueError):
        raise VerificationFailed(f"{where}: the seal's signature is not valid (the seal file was edited)") from None
    final = records[-1].hash if records else header.hash
    found = {"match_id": header.match_id, "events": len(records), "final_hash": final,
             "engine_version": header.engine_version, "rules_version": header.rules_version}
    for name, value in found.items():
        if seal[name] != value:
            raise VerificationFailed(
                f"{where}: the log no longer matches the seal signed by {seal['signer']!r}: "
                f"{name} is {_short(value)} but the seal says {_short(seal[name])}"
            )


def _named_key(named: Any, where: str) -> VerifyKey:
    """The public key a seal names (not trusted: it only shows the seal is consistent)."""
    from nacl.signing import VerifyKey  # lazy: PyNaCl only where a key is used (see the top)

    try:
        raw = bytes.fromhex(named) if isinstance(named, str) else b""
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise VerificationFailed(f"{where}: the seal names no valid public key (expected 64 hexadecimal digits)")
    return VerifyKey(raw)


def fingerprint(public_hex: str) -> str:
    """A public key as ``XXXX-XXXX-XXXX`` (of its sha256): easy to read out and compare."""
    try:
        raw = bytes.fromhex(public_hex)
    except ValueError:
        raw = public_hex.encode()
    return canonical.short_digest(hashlib.sha256(raw).hexdigest())


@dataclass(frozen=True)
class SealCheck:
    """The outcome of checking a log's seal, against a trusted key or on its own."""

    ok: bool
    signer: str | None  # who the seal says sealed it (None without a readable seal)
    public_key: str  # the trusted key, hex; without one, the key the seal names ("" if it names none)
    message: str | None = None  # why it failed
    trusted: bool = True  # checked against a trusted key (--pubkey), not only the key the seal names

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "signer": self.signer, "public_key": self.public_key,
                "fingerprint": fingerprint(self.public_key), "trusted": self.trusted, "message": self.message}


def check_seal_file(seal_file: Path, header: Header, records: Sequence[Record], trusted: VerifyKey | None,
                    *, where: str) -> SealCheck | None:
    """Read and check the seal beside a log; never raises for a bad or missing seal.

    Without ``trusted`` (no --pubkey), a log without a seal has nothing to
    check (None), and a seal is checked on its own (see :func:`check_seal`).
    """
    if trusted is None and not seal_file.exists():
        return None
    seal: dict[str, Any] | None = None

    def key_hex() -> str:
        if trusted is not None:
            return trusted.encode().hex()
        named = seal.get("public_key") if seal is not None else None
        return named if isinstance(named, str) else ""

    try:
        if not seal_file.exists():
            raise UsageError(f"{where}: no seal file {str(seal_file)!r}")
        seal = read_seal(seal_file)
        check_seal(seal, header, records, trusted, where=where)
    except (CorruptLog, UsageError, VerificationFailed) as exc:
        return SealCheck(False, _signer(seal), key_hex(), str(exc), trusted is not None)
    except (OSError, TypeError, ValueError) as exc:  # unreadable, or fields of the wrong type
        message = f"{where}: not a valid seal file {str(seal_file)!r} ({exc})"
        return SealCheck(False, _signer(seal), key_hex(), message, trusted is not None)
    return SealCheck(True, str(seal["signer"]), key_hex(), None, trusted is not None)


def _signer(seal: dict[str, Any] | None) -> str | None:
    return seal["signer"] if seal is not None and isinstance(seal.get("signer"), str) else None


def _short(value: Any) -> str:
    if isinstance(value, str) and len(value) == 64:
        return f"{value[:12]}…"
    return repr(value)


def seal_log(loaded: "Loaded", key_path: str | Path, signer: str, out: str | Path,
             *, partial: bool = False) -> dict[str, Any]:
    """Verify a loaded log and, if it passes, write its seal to ``out``.

    A log that fails verification is never sealed; an incomplete one only with
    ``partial`` (the seal then says ``"complete": false``).
    """
    key = load_signing_key(key_path)
    report = verify_loaded(loaded, partial=partial).raise_for_problem()
    seal = make_seal(loaded.header, loaded.records, key, signer, complete=report.complete)
    write_seal(out, seal)
    return seal
