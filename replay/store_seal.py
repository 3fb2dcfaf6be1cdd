"""A judge's seal over a whole store: the signed head of its ledger.

A match's seal (:mod:`replay.seal`) proves that match was not changed; it
cannot tell that a whole match was removed from a store. The store's ledger
(:mod:`recorder.store_ledger`) chains every match's creation and completion,
but someone who can drop the triggers can cut its tail or rebuild it. So at
the end of an event a judge signs the ledger's head:

    beatlog seal --db club.db --key judge.key        (writes club.db.seal)

and anyone can later check, with the judge's public key, that every entry up
to the signed one is still there, unchanged, and that the store still holds
every match those entries name, as they name it:

    beatlog verify --db club.db --pubkey judge.pub

A seal file is JSON: ``format`` ("beatlog-store-seal/1"), ``ledger_entries``
(the signed entry's number), ``ledger_head`` (its hash), ``matches`` and
``finished`` (how many the store held; informative), ``signer``,
``public_key`` and ``signature`` (Ed25519 over the canonical JSON of the other
fields). For a SQLite store it lives beside the file (``<db>.seal``); a
PostgreSQL store's seal is written wherever ``-o`` says (``--seal`` reads it).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from recorder import canonical
from recorder import store_ledger as ledger
from recorder.errors import CorruptLog, UsageError, VerificationFailed
from recorder.integrity import check_store
from recorder.store import Store, is_server_url

from .seal import _named_key, fingerprint, load_signing_key

if TYPE_CHECKING:
    from nacl.signing import SigningKey, VerifyKey

STORE_SEAL_FORMAT = "beatlog-store-seal/1"
SIGNED_FIELDS = ("format", "ledger_entries", "ledger_head", "matches", "finished", "signer", "public_key")


def store_seal_path(db: str | Path) -> Path | None:
    """Where a SQLite store's seal lives by default (beside it); None for a server (give a path)."""
    return None if is_server_url(db) else Path(str(db) + ".seal")


def make_store_seal(head: ledger.Head, matches: int, finished: int, key: SigningKey, signer: str) -> dict[str, Any]:
    body = {"format": STORE_SEAL_FORMAT, "ledger_entries": head.n, "ledger_head": head.entry_hash,
            "matches": matches, "finished": finished, "signer": signer,
            "public_key": key.verify_key.encode().hex()}
    return {**body, "signature": key.sign(canonical.dumps(body)).signature.hex()}


def seal_store(store: Store, key_path: str | Path, signer: str, out: str | Path) -> dict[str, Any]:
    """Check the whole store (every chain, every counter, the ledger) and sign its ledger's head into ``out``."""
    if not store.has_ledger:
        raise UsageError(f"{store.name}: this store has no ledger yet (it was written by an earlier beatlog); "
                         "open it for writing once (e.g. beatlog import) to give it one, then seal it")
    key = load_signing_key(key_path)
    with store.snapshot():
        checked = check_store(store)
        head = ledger.check(store)
    seal = make_store_seal(head, len(checked), sum(s.finished for s in checked), key, signer)
    Path(out).write_bytes(canonical.dumps(seal) + b"\n")
    return seal


def read_store_seal(path: str | Path) -> dict[str, Any]:
    try:
        raw = canonical.loads(Path(path).read_bytes())
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the store seal ({exc.strerror})") from None
    except ValueError as exc:
        raise CorruptLog(f"{path}: not a store seal file: {exc}") from None
    missing = [f for f in (*SIGNED_FIELDS, "signature") if not isinstance(raw, dict) or f not in raw]
    if missing:
        raise CorruptLog(f"{path}: not a store seal file: missing {', '.join(missing)}")
    if raw["format"] != STORE_SEAL_FORMAT:
        raise CorruptLog(f"{path}: unsupported store seal format {raw['format']!r}; "
                         f"this beatlog reads {STORE_SEAL_FORMAT!r}")
    return raw


@dataclass(frozen=True)
class StoreSealCheck:
    ok: bool
    signer: str | None
    public_key: str
    entries: int  # the signed entry's number
    now: int  # entries in the ledger now
    message: str | None = None
    trusted: bool = True

    def summary(self) -> str:
        if not self.ok:
            return str(self.message)
        how = "" if self.trusted else "; signature not checked against a trusted key: give --pubkey"
        return (f"store sealed by {self.signer} (key {fingerprint(self.public_key)}{how}): ledger entry "
                f"{self.entries} of {self.now} as signed, every match it names still there, nothing removed since")

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "signer": self.signer, "public_key": self.public_key,
                "fingerprint": fingerprint(self.public_key), "trusted": self.trusted, "ledger_entries": self.entries,
                "ledger_now": self.now, "message": self.message}


def check_store_seal(store: Store, seal_file: Path, trusted: VerifyKey | None) -> StoreSealCheck:
    """Check a store seal against the store now; never raises for a bad seal (the result says why)."""
    from nacl.exceptions import BadSignatureError  # lazy: PyNaCl only where a signature is checked (replay/seal.py)

    where = f"{store.name}: store seal {str(seal_file)!r}"
    seal: dict[str, Any] = {}
    try:
        seal = read_store_seal(seal_file)
        named = seal["public_key"]
        if trusted is not None and named != trusted.encode().hex():
            raise VerificationFailed(f"{where}: signed with key {str(named)[:16]}… by {seal['signer']!r}, "
                                     f"not with the trusted key {trusted.encode().hex()[:16]}…")
        key = trusted if trusted is not None else _named_key(named, where)
        try:
            key.verify(canonical.dumps({f: seal[f] for f in SIGNED_FIELDS}), bytes.fromhex(seal["signature"]))
        except (BadSignatureError, ValueError, TypeError):
            raise VerificationFailed(f"{where}: the seal's signature is not valid (the seal file was edited)") from None
        if not store.has_ledger:
            raise VerificationFailed(f"{where}: the store has no ledger, but the seal signed entry "
                                     f"{seal['ledger_entries']} of one (its ledger was removed)")
        with store.snapshot():
            head = ledger.check(store)  # the chain intact and every match it names as it names it
            entries = {e.n: e for e in ledger.entries(store)}
        n = seal["ledger_entries"]
        if not isinstance(n, int) or n < 0:
            raise VerificationFailed(f"{where}: ledger_entries is not a count")
        if n > head.n:
            raise VerificationFailed(
                f"{store.name}: entries were removed from the store's ledger since it was sealed by "
                f"{seal['signer']!r}: the seal covers {n} entries, the ledger now has {head.n}")
        found = entries[n].entry_hash if n else ledger.GENESIS
        if found != seal["ledger_head"]:
            raise VerificationFailed(
                f"{store.name}: the store's ledger was rewritten since it was sealed by {seal['signer']!r}: "
                f"entry {n} is {found[:12]}…, the seal says {str(seal['ledger_head'])[:12]}…")
    except (CorruptLog, UsageError, VerificationFailed) as exc:
        return StoreSealCheck(False, seal.get("signer") if isinstance(seal.get("signer"), str) else None,
                              _key_hex(seal, trusted), int(seal.get("ledger_entries") or 0)
                              if isinstance(seal.get("ledger_entries"), int) else 0, 0, str(exc), trusted is not None)
    return StoreSealCheck(True, str(seal["signer"]), _key_hex(seal, trusted), n, head.n, None, trusted is not None)


def _key_hex(seal: dict[str, Any], trusted: VerifyKey | None) -> str:
    if trusted is not None:
        return trusted.encode().hex()
    named = seal.get("public_key")
    return named if isinstance(named, str) else ""
