"""American Grand's facts: the contracts, the numbers of §A2 to §A5, and what a list holds (a
deal, the end of a partie by hand). The rules are docs/rules.md, §A1 to §A6; the scoring and
the partie are ``skatliste.american.game``'s."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

PARTIE_TARGET = 100
"""§A4: a partie is played to 100 points."""
SETS_CREDIT = 10
"""§A5 step 2: each set of difference is worth 10."""


class Contract(Enum):
    """The four contracts a declarer may name (§A2, §A3)."""

    WHIST = "whist"
    """A trump suit; each trick over six is worth 5; a slam scores 65."""
    GRAND = "grand"
    """No trumps; each trick over six is worth 9; a slam scores 103 and wins the partie."""
    EUCHRE = "euchre"
    """Five cards each, five tricks; bid 25 or less; alone or with the partner."""
    HEARTS = "hearts"
    """No trumps; made when the declaring pair takes no heart: 50; bid 50 or less."""


TRICK_VALUE: dict[Contract, int] = {Contract.WHIST: 5, Contract.GRAND: 9}
"""§A3: what each trick over six is worth in the two trick-taking contracts."""
MAX_BID: dict[Contract, int] = {Contract.EUCHRE: 25, Contract.HEARTS: 50}
"""§A2: the highest bid that allows the contract."""
EUCHRE_SCORE: dict[int, int] = {0: 0, 1: 0, 2: 0, 3: 5, 4: 10, 5: 20}
"""§A3 Euchre: the declaring side's tricks out of 5 → its score (5 tricks alone: 25)."""
EUCHRE_ALONE_MARCH = 25
EUCHRE_SET_WITH_PARTNER = 20
"""§A3 Euchre: a set with the partner costs the bid + 20."""
HEARTS_MADE = 50
GRAND_SLAM_BONUS = 40
"""§A3 Grand: a grand slam scores 40 more for the first six tricks."""
TRICKS = 13
HEARTS = 13
EUCHRE_TRICKS = 5


@dataclass(frozen=True, kw_only=True)
class Deal:
    """One deal as entered: the declarer, the contract, the bid and what happened."""

    declarer: str
    contract: Contract
    bid: int
    tricks: int | None = None
    """The declaring pair's tricks: out of 13 (Whist, Grand) or out of 5 (Euchre)."""
    alone: bool = False
    """Euchre: the declarer played alone."""
    hearts: int | None = None
    """Hearts: the hearts in the declaring pair's tricks (0..13)."""
    note: str = ""
    time: str | None = None


@dataclass(frozen=True, kw_only=True)
class PartieEnd:
    """The partie was ended by hand after the deal before (a time limit, §A4)."""

    note: str = ""
    time: str | None = None


Entry = Deal | PartieEnd
