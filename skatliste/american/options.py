"""The rule options and presets of American Grand (docs/rules.md, §A1 to §A6), and the rule
set with what they mean."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from skatliste import options as shared
from skatliste.i18n import Message, msg
from skatliste.options import Option, OptionValue

HeartsDefenders = Literal["on_set", "always"]
SlamCounts = Literal["score", "over_six"]
"""What a slam (all 13 tricks) puts against the bid in Whist and Grand: its score (65, 103),
or only its tricks over six (35, 63) as the text of §A3 reads word for word."""


def _deals(raw: str) -> OptionValue:
    raw = raw.strip().lower()
    if raw == "off":
        return raw
    if not raw.isdigit() or int(raw) <= 0 or len(raw) > shared.MOST_DIGITS:
        raise ValueError(msg("give the number of deals in a partie (e.g. 8), or 'off'"))
    return int(raw)


OPTIONS: dict[str, Option] = {
    o.key: o
    for o in (
        Option(
            "hearts.defenders",
            "on_set",
            msg(
                "Hearts: the defenders lose 1 a heart in their tricks only when the declaring pair "
                "is set (on_set), or in every Hearts deal (always)"
            ),
            choices=("on_set", "always"),
        ),
        Option(
            "slam.counts",
            "score",
            msg(
                "Whist and Grand: a slam (all 13 tricks) is made when its score (65, 103) reaches "
                "the bid (score), or only when its tricks over six do (over_six: 35, 63)"
            ),
            choices=("score", "over_six"),
        ),
        Option(
            "partie.deals",
            "off",
            msg(
                "end a partie after this many deals as well (a number), or off: only by reaching "
                "100, a grand slam in Grand, or 'skatliste end'"
            ),
            parse=_deals,
        ),
    )
}
"""The options of the American Grand family."""

PRESETS: dict[str, dict[str, OptionValue]] = {"american-grand": {}}
PRESET_HELP: dict[str, Message] = {
    "american-grand": msg(
        "the American partnership game Grand: four players, two pairs, Whist, "
        "Grand, Euchre or Hearts each deal, to 100, settled by points and sets"
    ),
}


@dataclass(frozen=True)
class AmericanRules(shared.RuleSet):
    """An American Grand rule set, with what its options mean."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Four players, in two pairs (§A1)."""
        return (4,)

    @property
    def hearts_defenders(self) -> HeartsDefenders:
        """When the defenders of a Hearts deal lose their hearts (rule hearts.defenders)."""
        return "always" if self.options["hearts.defenders"] == "always" else "on_set"

    @property
    def slam_counts(self) -> SlamCounts:
        """What a slam puts against the bid (rule slam.counts)."""
        return "over_six" if self.options["slam.counts"] == "over_six" else "score"

    @property
    def partie_deals(self) -> int | None:
        """Deals after which a partie ends as well, or None (rule partie.deals).

        >>> shared.build(AmericanRules, "american-grand", PRESETS, OPTIONS,
        ...              {"partie.deals": "8"}).partie_deals
        8
        """
        deals = self.options["partie.deals"]
        return None if deals == "off" else int(deals)
