"""Accounts on SQL: the account tables and the AccountStore methods of SqlStore.

Four tables (revision 0003), all in the matches' database, so that a session made
by one process of a cluster is valid on every other (nothing about accounts is
kept in a process):

- ``accounts``: id, name as typed, ``name_key`` (case-folded, unique: two
  accounts never differ only by case), the Argon2 hash, when it was made;
- ``account_sessions``: the SHA-256 of each session cookie's secret, its account
  and expiry (a row deleted is a session revoked, on every process at once);
- ``account_seats``: (match, seat, member) -> account, the primary key admitting
  one account per seat and team member (what the ratings will read);
- ``account_links``: the seat tokens minted for a session's device (their grants
  are rows of ``tokens`` like any token's), deleted with their session.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    delete,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

from roadtrip.server.account_store import Account, AccountSeat, NameTaken, newest_matches
from roadtrip.server.storage import Grant


def account_tables(metadata: MetaData) -> tuple[Table, Table, Table, Table]:
    """The tables ``accounts``, ``account_sessions``, ``account_seats`` and
    ``account_links`` in the matches' ``metadata``."""
    accounts = Table(
        "accounts",
        metadata,
        Column("id", String(32), primary_key=True),
        Column("name", String(64), nullable=False),
        # Case-folding may lengthen a name ("ß" -> "ss"): room for that.
        Column("name_key", String(160), nullable=False, unique=True),
        Column("password_hash", String(255), nullable=False),
        Column("created_at", Float, nullable=False),
    )
    sessions = Table(
        "account_sessions",
        metadata,
        Column("session_hash", String(64), primary_key=True),
        Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
        Column("created_at", Float, nullable=False),
        Column("expires_at", Float, nullable=False),
    )
    seats = Table(
        "account_seats",
        metadata,
        Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
        Column("seat", Integer, primary_key=True, autoincrement=False),
        Column("member", Integer, primary_key=True, autoincrement=False),
        Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
        Column("claimed_at", Float, nullable=False),
    )
    links = Table(
        "account_links",
        metadata,
        Column("token_hash", String(64), ForeignKey("tokens.token_hash"), primary_key=True),
        Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
        Column(
            "session_hash",
            String(64),
            ForeignKey("account_sessions.session_hash"),
            nullable=False,
            index=True,
        ),
        Column("match_id", String(32), ForeignKey("matches.id"), nullable=False),
        Column("created_at", Float, nullable=False),
    )
    return accounts, sessions, seats, links


class SqlAccounts:
    """The AccountStore methods of the SQL store (its tables as attributes)."""

    engine: Engine
    accounts: Table
    account_sessions: Table
    account_seats_table: Table
    account_links: Table
    tokens_table: Table
    account_ratings: Table  # server/sql_ratings.py: deleted with the account

    def create_account(self, account: Account) -> None:
        try:
            with self.engine.begin() as conn:
                conn.execute(
                    insert(self.accounts).values(
                        id=account.id,
                        name=account.name,
                        name_key=account.name_key,
                        password_hash=account.password_hash,
                        created_at=account.created_at,
                    )
                )
        except IntegrityError:
            raise NameTaken(f"the name {account.name!r} is taken") from None

    def account_named(self, name_key: str) -> Account | None:
        query = select(self.accounts).where(self.accounts.c.name_key == name_key)
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return _account_of(row._mapping) if row is not None else None

    def delete_account(self, account_id: str) -> None:
        with self.engine.begin() as conn:
            self._drop_links(conn, self.account_links.c.account_id == account_id)
            for table in (self.account_sessions, self.account_seats_table, self.account_ratings):
                conn.execute(delete(table).where(table.c.account_id == account_id))
            conn.execute(delete(self.accounts).where(self.accounts.c.id == account_id))

    def add_session(
        self, session_hash: str, account_id: str, created_at: float, expires_at: float
    ) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(self.account_sessions).values(
                    session_hash=session_hash,
                    account_id=account_id,
                    created_at=created_at,
                    expires_at=expires_at,
                )
            )

    def session_account(self, session_hash: str, now: float) -> Account | None:
        sessions = self.account_sessions
        query = (
            select(self.accounts)
            .join(sessions, sessions.c.account_id == self.accounts.c.id)
            .where(sessions.c.session_hash == session_hash, sessions.c.expires_at > now)
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return _account_of(row._mapping) if row is not None else None

    def drop_session(self, session_hash: str) -> None:
        sessions = self.account_sessions
        with self.engine.begin() as conn:
            self._drop_links(conn, self.account_links.c.session_hash == session_hash)
            conn.execute(delete(sessions).where(sessions.c.session_hash == session_hash))

    def drop_sessions(self, account_id: str, now: float) -> None:
        sessions = self.account_sessions
        which = sessions.c.account_id == account_id
        if now > 0:
            which = and_(which, sessions.c.expires_at <= now)
        with self.engine.begin() as conn:
            dropped = select(sessions.c.session_hash).where(which)
            self._drop_links(conn, self.account_links.c.session_hash.in_(dropped))
            conn.execute(delete(sessions).where(which))

    def _drop_links(self, conn: Connection, which: Any) -> None:
        """Revoke the links ``which`` selects: their rows, then their tokens."""
        links = self.account_links
        hashes = [str(h) for (h,) in conn.execute(select(links.c.token_hash).where(which))]
        if not hashes:
            return
        conn.execute(delete(links).where(links.c.token_hash.in_(hashes)))
        tokens = self.tokens_table
        conn.execute(delete(tokens).where(tokens.c.token_hash.in_(hashes)))

    def claim_seats(
        self, account_id: str, match_id: str, seats: Collection[int], member: int, now: float
    ) -> bool:
        table = self.account_seats_table
        try:
            with self.engine.begin() as conn:
                held = {
                    (int(seat), str(owner))
                    for seat, owner in conn.execute(
                        select(table.c.seat, table.c.account_id).where(
                            table.c.match_id == match_id,
                            table.c.member == member,
                            table.c.seat.in_(list(seats)),
                        )
                    )
                }
                if any(owner != account_id for _seat, owner in held):
                    return False
                new = [s for s in seats if (s, account_id) not in held]
                if new:
                    conn.execute(
                        insert(table),
                        [
                            {
                                "match_id": match_id,
                                "seat": seat,
                                "member": member,
                                "account_id": account_id,
                                "claimed_at": now,
                            }
                            for seat in new
                        ],
                    )
        except IntegrityError:
            return False  # another account claimed it at the same moment
        return True

    def account_seats(
        self, account_id: str, limit: int, match_id: str | None = None
    ) -> list[AccountSeat]:
        table = self.account_seats_table
        query = select(table.c.match_id, table.c.seat, table.c.member, table.c.claimed_at).where(
            table.c.account_id == account_id
        )
        if match_id is not None:
            query = query.where(table.c.match_id == match_id)
        with self.engine.connect() as conn:
            rows = [
                AccountSeat(str(m), int(s), int(member), float(at))
                for m, s, member, at in conn.execute(query)
            ]
        return newest_matches(rows, limit)

    def add_link(
        self,
        token_hash: str,
        grant: Grant,
        account_id: str,
        session_hash: str,
        now: float,
        keep: int,
    ) -> None:
        links = self.account_links
        seats: Any = list(grant.seats)
        if grant.member:
            seats = {"seats": list(grant.seats), "member": grant.member}
        with self.engine.begin() as conn:
            conn.execute(
                insert(self.tokens_table).values(
                    token_hash=token_hash, match_id=grant.match_id, seats=seats
                )
            )
            conn.execute(
                insert(links).values(
                    token_hash=token_hash,
                    account_id=account_id,
                    session_hash=session_hash,
                    match_id=grant.match_id,
                    created_at=now,
                )
            )
            same = and_(links.c.session_hash == session_hash, links.c.match_id == grant.match_id)
            kept = (
                select(links.c.token_hash)
                .where(same)
                .order_by(links.c.created_at.desc(), links.c.token_hash)
                .limit(keep)
            )
            newest = [str(h) for (h,) in conn.execute(kept)]
            self._drop_links(conn, and_(same, links.c.token_hash.not_in(newest)))


def _account_of(row: Any) -> Account:
    return Account(
        id=str(row["id"]),
        name=str(row["name"]),
        name_key=str(row["name_key"]),
        password_hash=str(row["password_hash"]),
        created_at=float(row["created_at"]),
    )
