"""What final scoring decides, as values: zones, streets, inauguration, safe, standings."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rulesref.core.findings import CheckReport, Citation
from rulesref.core.games import WELCOME
from rulesref.welcome.streets import Run, Street, format_street


class Zone(Enum):
    PROJECTS = "projects"
    HOTELS = "hotels"
    INAUGURATION = "inauguration"
    GOLF = "golf"
    SHOWS = "shows"
    LIMO = "limo"
    STREETS = "streets"
    SAFE = "safe"


ZONE_ORDER = tuple(Zone)


@dataclass(frozen=True)
class ZoneScore:
    zone: Zone
    points: int
    detail: str
    citation: Citation

    def to_json(self) -> dict[str, object]:
        return {"zone": self.zone.value, "points": self.points, "detail": self.detail, "rule": self.citation.to_json()}


@dataclass(frozen=True)
class StreetResult:
    street: int  # 1-based, top street first
    run: Run | None
    length: int
    bonus_value: int
    bonus: bool  # longest run of the table in this street (ties included)
    written: Street | None = None

    @property
    def points(self) -> int:
        return self.length + (self.bonus_value if self.bonus else 0)

    def to_json(self) -> dict[str, object]:
        return {
            "street": self.street,
            "written": format_street(self.written) if self.written else None,
            "run": list(self.run.numbers) if self.run else [],
            "parity": self.run.parity.value if self.run else None,
            "length": self.length,
            "bonus": self.bonus_value if self.bonus else 0,
            "points": self.points,
        }


@dataclass(frozen=True)
class InaugurationPlace:
    name: str
    boxes: int  # checked and not circled for bonuses
    rank: int  # 1 = most boxes; tied players share a rank
    points: int
    last: bool  # fewest boxes: circles the inauguration debt
    improved: bool
    scores_rank: bool = True  # ACME competes but earns no rank points
    tied_with: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "boxes": self.boxes,
            "rank": self.rank,
            "points": self.points,
            "last": self.last,
            "improved": self.improved,
            "tied_with": list(self.tied_with),
        }


@dataclass(frozen=True)
class BankOutcome:
    loans: int
    refusals: int
    bundles: int  # extra bundles every player circles
    reason: str
    citation: Citation

    def to_json(self) -> dict[str, object]:
        return {
            "loans": self.loans,
            "refusals": self.refusals,
            "bundles": self.bundles,
            "reason": self.reason,
            "rule": self.citation.to_json(),
        }


@dataclass(frozen=True)
class SafeResult:
    start: int  # printed bundle(s), or 3 in a first game
    bank: int
    mafia: int
    debts: tuple[tuple[str, int], ...]  # (kind, how many) still circled
    unlimited: bool = False  # ACME never runs short
    penalty: int = 0  # -20 when short (ACME: minus its hidden card, see solo)

    @property
    def bundles(self) -> int:
        return self.start + self.bank + self.mafia

    @property
    def owed(self) -> int:
        return sum(n for _, n in self.debts)

    @property
    def short(self) -> bool:
        return not self.unlimited and self.owed > self.bundles

    def to_json(self) -> dict[str, object]:
        return {
            "bundles": self.bundles,
            "start": self.start,
            "bank": self.bank,
            "mafia": self.mafia,
            "debts": dict(self.debts),
            "owed": self.owed,
            "short": self.short,
            "penalty": self.penalty,
        }


@dataclass(frozen=True)
class PlayerResult:
    name: str
    zones: tuple[ZoneScore, ...]
    streets: tuple[StreetResult, ...]
    inauguration: InaugurationPlace
    safe: SafeResult
    hotels: int
    large_hotels: int
    place: int = 0
    acme: bool = False

    @property
    def total(self) -> int:
        return sum(z.points for z in self.zones)

    def zone(self, zone: Zone) -> ZoneScore:
        return next(z for z in self.zones if z.zone is zone)

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "place": self.place,
            "total": self.total,
            "acme": self.acme,
            "zones": {z.zone.value: z.to_json() for z in self.zones},
            "streets": [s.to_json() for s in self.streets],
            "inauguration": self.inauguration.to_json(),
            "safe": self.safe.to_json(),
            "hotels": self.hotels,
            "large_hotels": self.large_hotels,
        }


@dataclass(frozen=True)
class EndTrigger:
    name: str
    reason: str
    citation: Citation

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "reason": self.reason, "rule": self.citation.to_json()}


@dataclass(frozen=True)
class TableResult:
    players: tuple[PlayerResult, ...]  # in standings order
    winners: tuple[str, ...]
    tie_note: str | None
    tie_citation: Citation | None
    bank: BankOutcome
    street_best: tuple[int, ...]
    triggers: tuple[EndTrigger, ...]
    notes: tuple[str, ...]

    def player(self, name: str) -> PlayerResult:
        return next(p for p in self.players if p.name == name)

    def to_json(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "tie": self.tie_note,
            "tie_rule": self.tie_citation.to_json() if self.tie_citation else None,
            "standings": [p.to_json() for p in self.players],
            "bank": self.bank.to_json(),
            "street_best": list(self.street_best),
            "end_triggers": [t.to_json() for t in self.triggers],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class ScoreReport:
    """What ``score`` gives: the scored table and the rule problems its sheets show.

    The scores are computed from what the sheets say even when ``check`` finds problems.
    """

    result: TableResult
    check: CheckReport
    path: str | None = None

    @property
    def rule_problems(self) -> int:
        return len(self.check.errors)

    def to_json(self) -> dict[str, object]:
        return {
            "game": WELCOME,
            "file": self.path,
            **self.result.to_json(),
            "rule_problems": self.rule_problems,
            "findings": [f.to_json() for f in self.check.findings],
        }
