"""Every message in German and English: one catalogue, one pure ``translate``.

The English text stays in the code where the message is made (the way gettext uses the English
string as its msgid). ``CATALOGUE`` maps each English template, with ``{name}`` where the code
fills in a value, to its German text with the same placeholders. ``translate`` finds the
template that matches a whole message, translates the filled-in values that are messages
themselves (``game 7: a; b`` holds two), and fills the German template:

>>> translate("game 7: the list has games 1 to 5", "de")
'Spiel 7: die Liste hat die Spiele 1 bis 5'
>>> translate("game 7: the list has games 1 to 5", "en")
'game 7: the list has games 1 to 5'

Only the error path and the confirmations use it: the patterns are compiled on first use, so
``skatliste value`` does not pay for them.
"""

from __future__ import annotations

import re
from functools import cache

from skatliste.i18n import Lang

PLACEHOLDER = re.compile(r"\{(\w+)\}")
"""A value the code fills in: ``{name}``."""

CATALOGUE: dict[str, str] = {
    # --- the list: new, players, names ------------------------------------------------------
    "{count} player(s) given: a list has 3 or 4 players in seat order, e.g. 'skatliste new "
    "--players Anna Ben Carl' (2 with --rules bauernskat)": "{count} Spieler angegeben: eine "
    "Liste hat 3 oder 4 Spieler in Sitzreihenfolge, z. B. 'skatliste new --players Anna Ben "
    "Carl' (2 mit --rules bauernskat)",
    "{count} player(s) given: {variant} is played by 2 players, e.g. 'skatliste new --players "
    "Anna Ben --rules bauernskat'": "{count} Spieler angegeben: {variant} spielen 2 Spieler, "
    "z. B. 'skatliste new --players Anna Ben --rules bauernskat'",
    "--first-dealer {name}: {why}": "--first-dealer {name}: {why}",
    "{path}: the list has no games yet": "{path}: die Liste hat noch keine Spiele",
    "game {number}: the list has games 1 to {last}": "Spiel {number}: die Liste hat die "
    "Spiele 1 bis {last}",
    "game {number}: {problems}": "Spiel {number}: {problems}",
    "unknown player '{name}': the players of this list are {players}": "unbekannter Spieler "
    "'{name}': die Spieler dieser Liste sind {players}",
    "unknown player '{name}': the players are {players}": "unbekannter Spieler '{name}': die "
    "Spieler sind {players}",
    "'{name}' could be {names}: write more of the name": "'{name}' kann {names} sein: schreib "
    "mehr vom Namen",
    "two players have the same name: give each a different one (e.g. 'Ben' and 'Ben2')": "zwei "
    "Spieler haben denselben Namen: gib jedem einen anderen (z. B. 'Ben' und 'Ben2')",
    "'{name}' cannot be a player's name: it is a rule set's name (did you mean '--rules "
    "{preset}'? give one rule set after --rules)": "'{name}' kann kein Spielername sein: es "
    "ist der Name eines Regelwerks (meintest du '--rules {preset}'? gib nach --rules ein "
    "Regelwerk an)",
    "'{name}' cannot be a player's name: it is a word of a game or an answer at the prompt; "
    "give the player's name": "'{name}' kann kein Spielername sein: es ist ein Wort eines "
    "Spiels oder eine Antwort bei der Eingabe; gib den Namen des Spielers an",
    "'{name}' cannot be a player's name: it reads as a number": "'{name}' kann kein "
    "Spielername sein: es liest sich als Zahl",
    "'{name}' cannot be a player's name: no spaces or '=' (Ramsch writes NAME=AUGEN)": "'{name}'"
    " kann kein Spielername sein: keine Leerzeichen und kein '=' (Ramsch schreibt NAME=AUGEN)",
    "players: every player needs a different name": "players: jeder Spieler braucht einen "
    "anderen Namen",
    "first_dealer '{name}' is not one of the players": "first_dealer '{name}' ist keiner der "
    "Spieler",
    "players: two-player rule sets have 2 players, Skat has 3 or 4": "players: Regelwerke zu "
    "zweit haben 2 Spieler, Skat hat 3 oder 4",
    "unknown preset '{preset}' (known: {known})": "unbekanntes Regelwerk '{preset}' (bekannt: "
    "{known})",
    "unknown option(s) {options}": "unbekannte Option(en) {options}",
    # --- entering games ---------------------------------------------------------------------
    "say which game, e.g. 'anna kreuz mit 2 hand' or 'eingepasst'": "sag, welches Spiel, z. B. "
    "'anna kreuz mit 2 hand' oder 'eingepasst'",
    "start the words with the declarer, e.g. 'anna kreuz mit 2'": "beginne die Wörter mit dem "
    "Alleinspieler, z. B. 'anna kreuz mit 2'",
    "say which game, e.g. 'skatliste add anna kreuz mit 2 hand'": "sag, welches Spiel, z. B. "
    "'skatliste add anna kreuz mit 2 hand'",
    "say which game, e.g. 'skatliste value kreuz mit 2 hand'": "sag, welches Spiel, z. B. "
    "'skatliste value kreuz mit 2 hand'",
    "game {number} was {was}: start the words with the declarer": "Spiel {number} war {was}: "
    "beginne die Wörter mit dem Alleinspieler",
    "insert {number}: a game goes in at 1 to {last} (the list has {count} games)": "insert "
    "{number}: ein Spiel kommt an Stelle 1 bis {last} (die Liste hat {count} Spiele)",
    "restore {item}: the history is empty; nothing to bring back": "restore {item}: der "
    "Verlauf ist leer; es gibt nichts zurückzuholen",
    "restore {item}: the history has items 1 to {last} (see 'skatliste history')": "restore "
    "{item}: der Verlauf hat die Einträge 1 bis {last} (siehe 'skatliste history')",
    "history item {item} is on the list already, as game {number}": "Eintrag {item} des "
    "Verlaufs steht schon auf der Liste, als Spiel {number}",
    "history item {item}: game {number} was changed again since; correct it with 'skatliste "
    "edit'": "Eintrag {item} des Verlaufs: Spiel {number} wurde seitdem wieder geändert; "
    "berichtige es mit 'skatliste edit'",
    "--from-replay takes the game from the file: give no words with it": "--from-replay nimmt "
    "das Spiel aus der Datei: gib keine Wörter dazu",
    "{file}: trick {trick}: {player} plays {card} against the rules ({reason}); fix the file "
    "first ('skatliste replay {file}')": "{file}: Stich {trick}: {player} spielt {card} gegen "
    "die Regeln ({reason}); berichtige zuerst die Datei ('skatliste replay {file}')",
    "{file}: the declarer there is {declarer}, not {player}": "{file}: dort ist {declarer} der "
    "Alleinspieler, nicht {player}",
    "with '-' every game comes from stdin: give its words there, not as options": "mit '-' "
    "kommt jedes Spiel von der Standardeingabe: gib seine Wörter dort an, nicht als Optionen",
    "the games on standard input are not UTF-8 text: save them as UTF-8": "die Spiele auf der "
    "Standardeingabe sind kein UTF-8-Text: speichere sie als UTF-8",
    # --- Ramsch -----------------------------------------------------------------------------
    "give each player's Augen, e.g. 'skatliste ramsch anna=45 ben=40 carl=35'": "gib die Augen "
    "jedes Spielers an, z. B. 'skatliste ramsch anna=45 ben=40 carl=35'",
    "'{word}': write each player's Augen as NAME=N, e.g. anna=45": "'{word}': schreib die Augen "
    "jedes Spielers als NAME=N, z. B. anna=45",
    "{name}'s Augen are given twice": "die Augen von {name} stehen zweimal da",
    "'{word}' needs a name or number after it, e.g. 'jungfrau ben'": "nach '{word}' fehlt ein "
    "Name oder eine Zahl, z. B. 'jungfrau ben'",
    "a Ramsch has one Durchmarsch: write 'durchmarsch NAME' once": "ein Ramsch hat einen "
    "Durchmarsch: schreib 'durchmarsch NAME' einmal",
    "'{word} {arg}': '{word}' needs a number, e.g. '{word} 1'": "'{word} {arg}': nach '{word}' "
    "gehört eine Zahl, z. B. '{word} 1'",
    "the Skat's Augen are given twice: write 'skat N' once": "die Augen des Skats stehen "
    "zweimal da: schreib 'skat N' einmal",
    "the pushes are given twice: write 'geschoben N' once": "das Schieben steht zweimal da: "
    "schreib 'geschoben N' einmal",
    "'{word}' in a Ramsch: write NAME=AUGEN for each player, then optionally 'jungfrau NAME', "
    "'durchmarsch NAME', 'geschoben N', 'skat N'": "'{word}' in einem Ramsch: schreib NAME=AUGEN "
    "für jeden Spieler, danach wahlweise 'jungfrau NAME', 'durchmarsch NAME', 'geschoben N', "
    "'skat N'",
    "{name}={value}: a player's Augen are 0 to 120": "{name}={value}: die Augen eines Spielers "
    "sind 0 bis 120",
    "rule ramsch.skat=loser: give the Skat's Augen apart, e.g. 'skat 10' (the players' Augen "
    "are their tricks only)": "Regel ramsch.skat=loser: gib die Augen des Skats getrennt an, "
    "z. B. 'skat 10' (die Augen der Spieler sind nur ihre Stiche)",
    "rule ramsch.skat=last_trick: the Skat is in the Augen of the player who took the last "
    "trick; drop 'skat N'": "Regel ramsch.skat=last_trick: der Skat steckt in den Augen dessen, "
    "der den letzten Stich machte; lass 'skat N' weg",
    "the Augen add up to {total}, not 120 ({shown}); {why}": "die Augen ergeben {total}, nicht "
    "120 ({shown}); {why}",
    "the Skat counts for the player who took the last trick": "der Skat zählt für den, der den "
    "letzten Stich machte",
    "with the Skat given apart": "mit dem getrennt angegebenen Skat",
    "the Augen add up to {total}, not 120 ({shown})": "die Augen ergeben {total}, nicht 120 "
    "({shown})",
    "'{name}' did not play this Ramsch ({players})": "'{name}' hat diesen Ramsch nicht "
    "gespielt ({players})",
    "Jungfrau {name} with {augen} Augen: a Jungfrau took no trick (0 Augen)": "Jungfrau {name} "
    "mit {augen} Augen: eine Jungfrau hat keinen Stich gemacht (0 Augen)",
    "Durchmarsch {name} with {augen} Augen: a Durchmarsch takes every trick (all 120 Augen)": ""
    "Durchmarsch {name} mit {augen} Augen: ein Durchmarsch macht jeden Stich (alle 120 Augen)",
    "Durchmarsch {name}: he must have all 120 Augen": "Durchmarsch {name}: er muss alle 120 "
    "Augen haben",
    # --- Bock -------------------------------------------------------------------------------
    "this rule set plays no Bock (rule bock=off; the pub rule set has it)": "dieses Regelwerk "
    "spielt ohne Bock (Regel bock=off; das Regelwerk pub hat ihn)",
    "no game yet: a Bock round is called after a game and starts with the next": "noch kein "
    "Spiel: eine Bockrunde wird nach einem Spiel angesagt und beginnt mit dem nächsten",
    "a Bock round was called after this game already": "nach diesem Spiel wurde schon eine "
    "Bockrunde angesagt",
    "bock {bock}: the Bock count is 0 or more": "bock {bock}: die Zahl der Böcke ist 0 oder mehr",
    "bock ×{bock}: a game is doubled by Bock at most {most} times (×{factor}); write 'bock' "
    "once for each doubling, 'doppelbock' for two": "bock ×{bock}: ein Spiel wird durch Bock "
    "höchstens {most}-mal verdoppelt (×{factor}); schreib 'bock' für jede Verdopplung einmal, "
    "'doppelbock' für zwei",
    "geschoben {pushes}: the Skat is pushed 0 to {most} times (each player at most twice at a "
    "table of three), e.g. 'geschoben 1'": "geschoben {pushes}: der Skat wird 0- bis {most}-mal "
    "geschoben (am Dreiertisch jeder Spieler höchstens zweimal), z. B. 'geschoben 1'",
    # --- the game's words -------------------------------------------------------------------
    "'{word}': the number {digits}... is far too large for a Skat game": "'{word}': die Zahl "
    "{digits}... ist viel zu groß für ein Skatspiel",
    "'{word}' needs a number after it, e.g. '{example}'": "nach '{word}' gehört eine Zahl, "
    "z. B. '{example}'",
    "'{word} {next}': '{word}' needs a number after it, e.g. '{example}'": "'{word} {next}': "
    "nach '{word}' gehört eine Zahl, z. B. '{example}'",
    "'=' ends the line with the value written on paper, e.g. '= 48' or '= -96'": "'=' beendet "
    "die Zeile mit dem Wert auf dem Papier, z. B. '= 48' oder '= -96'",
    "'= {rest}': write the value on paper in digits, e.g. '= 48'": "'= {rest}': schreib den "
    "Wert auf dem Papier in Ziffern, z. B. '= 48'",
    "two games named: '{first}' and '{second}'; a game has one type": "zwei Spiele genannt: "
    "'{first}' und '{second}'; ein Spiel hat eine Art",
    "Spitzen given twice ('{word} {n}'): write either 'mit N' or 'ohne N' once": "Spitzen "
    "zweimal angegeben ('{word} {n}'): schreib einmal 'mit N' oder 'ohne N'",
    "the bid is given twice ('gereizt {bid}' and '{word} {n}'): write 'gereizt N' once": "der "
    "Reizwert steht zweimal da ('gereizt {bid}' und '{word} {n}'): schreib 'gereizt N' einmal",
    "the Augen are given twice ('augen {augen}' and '{word} {n}'): write 'augen N' once": "die "
    "Augen stehen zweimal da ('augen {augen}' und '{word} {n}'): schreib 'augen N' einmal",
    "'{word}' follows what was announced: 'schneider {word}' or 'schwarz {word}'": "'{word}' "
    "folgt dem Angesagten: 'schneider {word}' oder 'schwarz {word}'",
    "both 'gewonnen' and 'verloren' given: write one of them": "'gewonnen' und 'verloren' "
    "zugleich angegeben: schreib eins von beiden",
    "the Kontra-sayer's bid is given twice ('kontra {bid}' and 'kontra {said}'): write it "
    "once": "das Reizgebot des Kontra-Sagers steht zweimal da ('kontra {bid}' und 'kontra "
    "{said}'): schreib es einmal",
    "the number {n} stands alone: say what it is, e.g. 'mit {n}', 'gereizt {n}', 'augen {n}', "
    "or '= {n}' for the value on paper": "die Zahl {n} steht allein: sag, was sie ist, z. B. "
    "'mit {n}', 'gereizt {n}', 'augen {n}' oder '= {n}' für den Wert auf dem Papier",
    "unknown word '{word}'{hint}": "unbekanntes Wort '{word}'{hint}",
    "; did you mean '{word}'?": "; meintest du '{word}'?",
    "; known words: karo herz pik kreuz grand null, mit N, ohne N, hand, ouvert, ...": "; "
    "bekannte Wörter: karo herz pik kreuz grand null, mit N, ohne N, hand, ouvert, ...",
    "no game named: say karo, herz, pik, kreuz, grand or null (diamonds, hearts, spades, "
    "clubs)": "kein Spiel genannt: sag karo, herz, pik, kreuz, grand oder null",
    "unknown game '{word}'{hint}": "unbekanntes Spiel '{word}'{hint}",
    "{first} or {second}": "{first} oder {second}",  # '18 or 20', 'Anna or Anton'
    # --- the rules of a game ----------------------------------------------------------------
    "bid {bid} is not a Reizwert: bids are the values a game can have (18, 20, 22, 23, 24, 27, "
    "...); did you mean {near}?": "{bid} ist kein Reizwert: gereizt werden die Werte, die ein "
    "Spiel haben kann (18, 20, 22, 23, 24, 27, ...); meintest du {near}?",
    "'kontra {bid}': the number after 'kontra' is the defender's bid, {low} to {high}, e.g. "
    "'kontra 20'": "'kontra {bid}': die Zahl nach 'kontra' ist das Reizgebot des "
    "Gegenspielers, {low} bis {high}, z. B. 'kontra 20'",
    "augen {augen}: the declarer's Augen are 0 to 120 (Skat included), e.g. 'augen 75'": "augen "
    "{augen}: die Augen des Alleinspielers sind 0 bis 120 (mit Skat), z. B. 'augen 75'",
    "Re without Kontra: the declarer can only answer a Kontra; write 'kontra re'": "Re ohne "
    "Kontra: der Alleinspieler kann nur auf ein Kontra antworten; schreib 'kontra re'",
    "a Null has no Spitzen: drop '{word} {spitzen}' (Null is 23, Null Hand 35, Null ouvert 46, "
    "Null ouvert Hand 59)": "ein Null hat keine Spitzen: lass '{word} {spitzen}' weg (Null ist "
    "23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59)",
    "Schneider and Schwarz do not exist in a Null: it is won when the declarer takes no trick; "
    "write 'null gewonnen' or 'null verloren'": "Schneider und Schwarz gibt es im Null nicht: "
    "er ist gewonnen, wenn der Alleinspieler keinen Stich macht; schreib 'null gewonnen' oder "
    "'null verloren'",
    "a Null is not counted in Augen: the declarer wins by taking no trick; write 'gewonnen' or "
    "'verloren' instead of 'augen N'": "ein Null wird nicht in Augen gezählt: der "
    "Alleinspieler gewinnt, wenn er keinen Stich macht; schreib 'gewonnen' oder 'verloren' "
    "statt 'augen N'",
    "{game} needs its Spitzen: write 'mit N' (holding the Kreuz-Bube) or 'ohne N', e.g. "
    "'{example} mit 2'": "{game} braucht seine Spitzen: schreib 'mit N' (mit dem Kreuz-Buben) "
    "oder 'ohne N', z. B. '{example} mit 2'",
    "'{word} {spitzen}' in {game}: {why}": "'{word} {spitzen}' im {game}: {why}",
    "a Grand has at most 4 Spitzen (only the Buben are trumps): mit/ohne 1 to 4": "ein Grand "
    "hat höchstens 4 Spitzen (nur die Buben sind Trumpf): mit/ohne 1 bis 4",
    "this rule set caps Spitzen at {cap} (spitzen_cap={cap})": "dieses Regelwerk zählt "
    "höchstens {cap} Spitzen (spitzen_cap={cap})",
    "a suit game has at most 11 Spitzen (4 Buben and 7 trump cards): 1 to 11": "ein Farbspiel "
    "hat höchstens 11 Spitzen (4 Buben und 7 Trumpfkarten): 1 bis 11",
    "Spitzen count from 1: 'mit 1' or 'ohne 1' at the least": "Spitzen zählen ab 1: "
    "mindestens 'mit 1' oder 'ohne 1'",
    "{level} angesagt without Hand: only a Hand game can announce {level}; add 'hand' (e.g. "
    "'{example} mit 1 hand {word} angesagt')": "{level} angesagt ohne Hand: nur ein Handspiel "
    "kann {level} ansagen; ergänze 'hand' (z. B. '{example} mit 1 hand {word} angesagt')",
    "'schneider' with augen {augen}: Schneider needs 90 Augen or more for the declarer, or 30 "
    "or fewer; fix the Augen or drop 'schneider'": "'schneider' mit augen {augen}: Schneider "
    "braucht 90 Augen oder mehr für den Alleinspieler, oder 30 oder weniger; berichtige die "
    "Augen oder lass 'schneider' weg",
    "'schwarz' with augen {augen}: if the opponents took no trick the declarer has all 120 "
    "Augen; if he took none he has 30 or fewer": "'schwarz' mit augen {augen}: machten die "
    "Gegenspieler keinen Stich, hat der Alleinspieler alle 120 Augen; machte er keinen, hat er "
    "30 oder weniger",
    "Schwarz angesagt with augen 120: did the declarer take every trick? Add 'schwarz' (every "
    "trick) or 'verloren' (the opponents took a trick)": "Schwarz angesagt mit augen 120: hat "
    "der Alleinspieler jeden Stich gemacht? Ergänze 'schwarz' (jeder Stich) oder 'verloren' "
    "(die Gegenspieler machten einen Stich)",
    "'gewonnen' with augen {augen}: the declarer needs {need} to win this game; fix the Augen "
    "or drop 'gewonnen'": "'gewonnen' mit augen {augen}: der Alleinspieler braucht {need}, um "
    "dieses Spiel zu gewinnen; berichtige die Augen oder lass 'gewonnen' weg",
    "'verloren' with augen {augen}: that many Augen win this game; fix the Augen or drop "
    "'verloren' (an overbid game needs 'gereizt N')": "'verloren' mit augen {augen}: so viele "
    "Augen gewinnen dieses Spiel; berichtige die Augen oder lass 'verloren' weg (ein "
    "überreiztes Spiel braucht 'gereizt N')",
    "{game} is worth {base}, below the bid of {bid}: no game worth less than the bid may be "
    "declared (rule null_overbid=multiple charges a multiple instead)": "{game} ist {base} "
    "wert, weniger als der Reizwert {bid}: kein Spiel unter dem Reizwert darf angesagt werden "
    "(Regel null_overbid=multiple berechnet stattdessen ein Vielfaches)",
    "table {size}: Seeger-Fabian is scored at tables of 3 or 4": "Tisch {size}: nach "
    "Seeger-Fabian wird an Tischen zu 3 oder 4 gewertet",
    "{variant} has no Null: the caller names a suit or Grand (rules §9)": "{variant} hat kein "
    "Null: der Ansager nennt eine Farbe oder Grand (Regeln §9)",
    "{variant} has no Skat, so no Hand, Ouvert or announcements (rules §9): say the trump, the "
    "Spitzen and the Augen, e.g. 'herz mit 6 augen 75'": "{variant} hat keinen Skat, also kein "
    "Hand, Ouvert oder Ansagen (Regeln §9): sag den Trumpf, die Spitzen und die Augen, z. B. "
    "'herz mit 6 augen 75'",
    "{variant} has no bidding: the caller chooses trump after four open cards; drop "
    "'gereizt'": "{variant} hat kein Reizen: der Ansager wählt Trumpf nach vier offenen Karten; "
    "lass 'gereizt' weg",
    "Bauernskat has no Kontra or Re (Offizierskat has)": "Bauernskat hat kein Kontra und Re "
    "(Offizierskat hat es)",
    "'schwarz' with augen {augen}: in Offizierskat Schwarz means 0 Augen (rules §9)": "'schwarz'"
    " mit augen {augen}: im Offizierskat heißt Schwarz 0 Augen (Regeln §9)",
    "a Null has no Spitzen: they count only in suit games and Grand": "ein Null hat keine "
    "Spitzen: sie zählen nur in Farbspielen und im Grand",
    # --- what the sheet finds ---------------------------------------------------------------
    "the series has {series} games (rule series); this would be game {number}": "die Serie hat "
    "{series} Spiele (Regel series); dies wäre Spiel {number}",
    "in {variant} every deal is played: no passing": "im {variant} wird jedes Spiel gespielt: "
    "kein Einpassen",
    "this deal is in a Ramsch round: enter the Ramsch ('skatliste ramsch ...') or a Grand "
    "Hand": "dieses Spiel liegt in einer Ramschrunde: trag den Ramsch ein ('skatliste ramsch "
    "...') oder einen Grand Hand",
    "all passed: this rule set plays Ramsch then (rule ramsch.on_pass); enter it with "
    "'skatliste ramsch NAME=AUGEN ...'": "alle haben gepasst: dieses Regelwerk spielt dann "
    "Ramsch (Regel ramsch.on_pass); trag ihn ein mit 'skatliste ramsch NAME=AUGEN ...'",
    "{cite} Ramsch here (rules ramsch.on_pass and ramsch.after_bock)": "{cite} Ramsch hier "
    "(Regeln ramsch.on_pass und ramsch.after_bock)",
    "this rule set plays no": "dieses Regelwerk spielt ohne",
    "the tournament rules (SkWO, rules §7) play no": "die Turnierregeln (SkWO, Regeln §7) "
    "spielen ohne",
    "a Ramsch needs the Augen of {players} (who played game {number}), e.g. '{example}=45 ...'": ""
    "ein Ramsch braucht die Augen von {players} (die Spiel {number} spielten), z. B. "
    "'{example}=45 ...'",
    "{name} deals game {number} and sits out at a table of four (rules §1); the declarer is "
    "one of the three others": "{name} gibt Spiel {number} und setzt am Vierertisch aus "
    "(Regeln §1); der Alleinspieler ist einer der drei anderen",
    "this deal is in a Ramsch round (after a Bock round): play Ramsch ('skatliste ramsch ...') "
    "or declare a Grand Hand": "dieses Spiel liegt in einer Ramschrunde (nach einer "
    "Bockrunde): spielt Ramsch ('skatliste ramsch ...') oder sagt einen Grand Hand an",
    "{cite} Kontra or Re (rule kontra=off)": "{cite} Kontra und Re (Regel kontra=off)",
    "this rule set plays no Kontra on a Null (rule kontra.null=off)": "dieses Regelwerk spielt "
    "kein Kontra beim Null (Regel kontra.null=off)",
    "rule kontra=after18: only a defender who bid at least 18 may say Kontra; write his bid "
    "after it, e.g. 'kontra 20'": "Regel kontra=after18: nur ein Gegenspieler, der mindestens "
    "18 gereizt hat, darf Kontra sagen; schreib sein Reizgebot dahinter, z. B. 'kontra 20'",
    "'kontra {bid}': only a defender who bid at least 18 may say Kontra (rule "
    "kontra=after18)": "'kontra {bid}': nur ein Gegenspieler, der mindestens 18 gereizt hat, "
    "darf Kontra sagen (Regel kontra=after18)",
    "'kontra {bid}': the defender cannot have bid more than the declarer's {declared}": ""
    "'kontra {bid}': der Gegenspieler kann nicht mehr gereizt haben als der Alleinspieler "
    "({declared})",
    "{cite} Bock (rule bock=off; start a list with --rule bock=on)": "{cite} Bock (Regel "
    "bock=off; beginne eine Liste mit --rule bock=on)",
    "the paper says {paper}, the game is worth {points}": "auf dem Papier steht {paper}, das "
    "Spiel ist {points} wert",
    "a Ramsch": "ein Ramsch",
    # --- money ------------------------------------------------------------------------------
    "--cent {text}: {how}": "--cent {text}: {how}",
    "give the stake per point in cent, e.g. 0.25, 0,5 or 1/4": "gib den Einsatz je Punkt in "
    "Cent an, z. B. 0.25, 0,5 oder 1/4",
    "--cent {text}: the stake cannot be negative; {how}": "--cent {text}: der Einsatz kann "
    "nicht negativ sein; {how}",
    "--cent {text}: a fraction cannot divide by 0; {how}": "--cent {text}: ein Bruch kann "
    "nicht durch 0 teilen; {how}",
    "--cent {text}: at most {most} cent (100 €) a point; the stake is in cent, e.g. 0.25 for a "
    "quarter cent": "--cent {text}: höchstens {most} Cent (100 €) je Punkt; der Einsatz ist in "
    "Cent, z. B. 0.25 für einen Viertelcent",
    # --- rule sets --------------------------------------------------------------------------
    "rule {key}={value}: allowed values are {allowed}": "Regel {key}={value}: erlaubt sind "
    "{allowed}",
    "rule {key}={value}: {why}": "Regel {key}={value}: {why}",
    "give the number of games in a series (e.g. 36), 'auto' or 'off'": "gib die Zahl der "
    "Spiele einer Serie an (z. B. 36), 'auto' oder 'off'",
    "'{word}': write value>=N with a number, e.g. value>=100": "'{word}': schreib value>=N mit "
    "einer Zahl, z. B. value>=100",
    "unknown trigger '{word}'; known: {known}, none": "unbekannter Auslöser '{word}'; bekannt: "
    "{known}, none",
    "give a positive number": "gib eine positive Zahl an",
    "'augen' (the loser loses his Augen) or a fixed number of points": "'augen' (der Verlierer "
    "verliert seine Augen) oder eine feste Zahl von Punkten",
    "unknown rule set '{preset}': known rule sets are {known}": "unbekanntes Regelwerk "
    "'{preset}': bekannte Regelwerke sind {known}",
    "unknown rule option '{key}'{hint} (see 'skatliste rules --list')": "unbekannte "
    "Regeloption '{key}'{hint} (siehe 'skatliste rules --list')",
    "rule '{item}': write KEY=VALUE, e.g. --rule kontra=off": "Regel '{item}': schreib "
    "KEY=VALUE, z. B. --rule kontra=off",
    # --- cards and tricks -------------------------------------------------------------------
    "'{word}' is not a card: {notation}": "'{word}' ist keine Karte: {notation}",
    "'{word}' is not one card: {notation}": "'{word}' ist nicht eine Karte: {notation}",
    "write cards as CJ SJ HA DT H10 S7 (suit C S H D, rank A T/10 K Q J 9 8 7) or ♣B ♠B ♥A ♦10, "
    "Kreuz-Bube, Herz-Ass, Karo Zehn": "schreib Karten als ♣B ♠B ♥A ♦10, Kreuz-Bube, Herz-Ass, "
    "Karo Zehn oder CJ SJ HA DT H10 S7 (Farbe C S H D, Wert A T/10 K Q J 9 8 7)",
    "{card} is named twice: a deck has each card once": "{card} ist zweimal genannt: ein Blatt "
    "hat jede Karte einmal",
    "a trick needs cards": "ein Stich braucht Karten",
    "--players {players}: a player sits at the table once": "--players {players}: ein Spieler "
    "sitzt einmal am Tisch",
    "{cards} cards but {count} players ({players}): each player plays one card to a trick; give "
    "every player clockwise, e.g. --players Anna,Ben,Carl": "{cards} Karten, aber {count} "
    "Spieler ({players}): jeder Spieler gibt eine Karte zum Stich; gib jeden Spieler im "
    "Uhrzeigersinn an, z. B. --players Anna,Ben,Carl",
    "--lead {name}: not one of {players}": "--lead {name}: keiner von {players}",
    "{count} cards given: the Spitzen count over the declarer's {size} cards (hand and Skat); "
    "give all {size}, or --partial": "{count} Karten angegeben: die Spitzen zählen über die "
    "{size} Karten des Alleinspielers (Hand und Skat); gib alle {size} an, oder --partial",
    "{count} cards given: a trick has 3 cards (2 in two-player Skat)": "{count} Karten "
    "angegeben: ein Stich hat 3 Karten (2 im Skat zu zweit)",
    "--lead needs --players (clockwise), e.g. --players Anna,Ben,Carl --lead Ben": "--lead "
    "braucht --players (im Uhrzeigersinn), z. B. --players Anna,Ben,Carl --lead Ben",
    # --- replays ----------------------------------------------------------------------------
    "line {number}: '{line}': write 'key: value' (e.g. 'skat: DJ H7')": "Zeile {number}: "
    "'{line}': schreib 'Schlüssel: Wert' (z. B. 'skat: DJ H7')",
    "{source}: byte {start}: not UTF-8 text; save the replay as UTF-8": "{source}: Byte "
    "{start}: kein UTF-8-Text; speichere das Spiel als UTF-8",
    "{source}: {field}: {value} is not text; write it as in '{field}: ...' (a string or a list "
    "of strings)": "{source}: {field}: {value} ist kein Text; schreib es wie in '{field}: ...' "
    "(ein Text oder eine Liste von Texten)",
    "{source}: line {line}: not valid JSON ({why})": "{source}: Zeile {line}: kein gültiges "
    "JSON ({why})",
    "{source}: not a replay: the JSON is too deep or too long": "{source}: kein Spielverlauf: "
    "das JSON ist zu tief oder zu lang",
    "{source}: a replay is a JSON object": "{source}: ein Spielverlauf ist ein JSON-Objekt",
    "{source}: '{field}' is missing; a replay names players, declarer, game, each player's "
    "cards, skat and the play, e.g.\n{example}": "{source}: '{field}' fehlt; ein Spielverlauf "
    "nennt players, declarer, game, die Karten jedes Spielers, skat und play, z. B.\n{example}",
    "{source}: players: name the three players in seat order, Vorhand first": "{source}: "
    "players: nenne die drei Spieler in Sitzreihenfolge, Vorhand zuerst",
    "{source}: declarer '{name}' is not one of {players}": "{source}: declarer '{name}' ist "
    "keiner von {players}",
    "{source}: game: '{words}': say only what was declared and bid; the replay finds the "
    "result": "{source}: game: '{words}': sag nur, was angesagt und gereizt wurde; das Ergebnis "
    "findet der Spielverlauf",
    "{source}: give the cards of each of {players}": "{source}: gib die Karten von jedem von "
    "{players} an",
    "{source}: {name} has {count} cards; each player plays 10": "{source}: {name} hat {count} "
    "Karten; jeder Spieler spielt 10",
    "{source}: skat: {count} cards; the Skat is 2 cards": "{source}: skat: {count} Karten; der "
    "Skat sind 2 Karten",
    '{source}: tricks: a list of tricks, e.g. ["CA C8 C7", ...]': "{source}: tricks: eine "
    'Liste von Stichen, z. B. ["CA C8 C7", ...]',
    "{source}: the play has {count} cards; a game is 10 tricks of 3 (30 cards)": "{source}: "
    "der Spielverlauf hat {count} Karten; ein Spiel sind 10 Stiche zu 3 (30 Karten)",
    # --- reports ----------------------------------------------------------------------------
    "give --round N or --last-round, not both": "gib --round N oder --last-round an, nicht beides",
    "round {number}: the list has rounds 1 to {last}": "Runde {number}: die Liste hat die "
    "Runden 1 bis {last}",
    "{count} problem(s) in {games} games": "{count} Problem(e) in {games} Spielen",
    # --- the list file ----------------------------------------------------------------------
    "{path}: no ledger here; start one with 'skatliste new --players Anna Ben Carl{ledger}' (or "
    "give --ledger PATH)": "{path}: hier ist keine Liste; beginne eine mit 'skatliste new "
    "--players Anna Ben Carl{ledger}' (oder gib --ledger PFAD an)",
    " --ledger {path}": " --ledger {path}",
    "{typed}: say who played: tap a player or start the words with the name, e.g. '{name} "
    "{typed}'": "{typed}: sag, wer gespielt hat: tippe auf einen Spieler oder beginne die "
    "Wörter mit dem Namen, z. B. '{name} {typed}'",
    "{what} has changed since you opened it: reload (another change to the list came first); "
    "nothing changed": "{what} wurde geändert, seit du es geöffnet hast: lade neu (eine andere "
    "Änderung an der Liste kam zuerst); nichts geändert",
    "the last game": "das letzte Spiel",
    "game {number}": "Spiel {number}",
    "{path}: is a directory, not a ledger file": "{path}: ist ein Ordner, keine Listendatei",
    "{path}: cannot read: {why}": "{path}: kann nicht gelesen werden: {why}",
    "{path}: {why}": "{path}: {why}",
    "{path}: {folder} is a file, not a folder; nothing written": "{path}: {folder} ist eine "
    "Datei, kein Ordner; nichts geschrieben",
    "the folder {folder} does not exist (skatliste creates no folders: create it first, or "
    "give another {option})": "den Ordner {folder} gibt es nicht (skatliste legt keine Ordner "
    "an: lege ihn zuerst an oder gib ein anderes {option} an)",
    "{folder} is not a folder": "{folder} ist kein Ordner",
    "no permission to write in the folder {folder}": "keine Erlaubnis, im Ordner {folder} zu "
    "schreiben",
    "the folder {folder} is on a read-only file system": "der Ordner {folder} liegt auf einem "
    "schreibgeschützten Dateisystem",
    "cannot write in the folder {folder}: {why}": "kann im Ordner {folder} nicht schreiben: {why}",
    "{path}: the {what} is read-only (mode {mode}); nothing written. Allow changes with 'chmod "
    "u+w {real}'": "{path}: die {what} ist schreibgeschützt (Modus {mode}); nichts "
    "geschrieben. Erlaube Änderungen mit 'chmod u+w {real}'",
    "{path}: is a directory, not a {what} file; nothing written": "{path}: ist ein Ordner, "
    "nicht die {what}; nichts geschrieben",
    "{path}: cannot write: {why}; the {what} was left as it was": "{path}: kann nicht "
    "schreiben: {why}; die {what} blieb, wie sie war",
    "{output}: this is the list {ledger} itself; writing there would replace the evening. "
    "Nothing written: give another file, e.g. -o evening.csv": "{output}: das ist die Liste "
    "{ledger} selbst; dorthin zu schreiben ersetzte den Abend. Nichts geschrieben: gib eine "
    "andere Datei an, z. B. -o abend.csv",
    "{output}: is a skatliste list; writing there would replace it. Nothing written: give "
    "another file": "{output}: ist eine Skatliste; dorthin zu schreiben ersetzte sie. Nichts "
    "geschrieben: gib eine andere Datei an",
    "{path}: {why}; nothing written": "{path}: {why}; nichts geschrieben",
    "{path}: another skatliste is writing this ledger (waited {seconds} s); try again": ""
    "{path}: ein anderes skatliste schreibt gerade diese Liste ({seconds} s gewartet); "
    "versuch es noch einmal",
    "{path}: cannot lock: {why}": "{path}: kann nicht sperren: {why}",
    "{path}: a ledger exists already; use --force to start over (the old list is kept as a "
    "backup) or --ledger NEW.json for a second list": "{path}: hier ist schon eine Liste; "
    "--force beginnt neu (die alte Liste bleibt als Sicherung) oder --ledger NEU.json für eine "
    "zweite Liste",
    "{path}: cannot read it to keep a backup: {why}; nothing written": "{path}: kann sie für "
    "die Sicherung nicht lesen: {why}; nichts geschrieben",
    "{path}: not a skatliste ledger (not UTF-8 text); the file was left untouched": "{path}: "
    "keine Skatliste (kein UTF-8-Text); die Datei blieb unberührt",
    "{path}: line {line} column {column}: not valid JSON ({why}); the file was left "
    "untouched": "{path}: Zeile {line} Spalte {column}: kein gültiges JSON ({why}); die Datei "
    "blieb unberührt",
    '{path}: not a skatliste ledger (no "format": "skatliste"); left untouched': "{path}: keine"
    ' Skatliste (kein "format": "skatliste"); blieb unberührt',
    "{path}: format version {version} is newer than this skatliste understands (version "
    "{known}); update skatliste — the file was left untouched": "{path}: Formatversion "
    "{version} ist neuer, als dieses skatliste versteht (Version {known}); aktualisiere "
    "skatliste — die Datei blieb unberührt",
    "{path}: ... and {count} more problem(s)": "{path}: ... und {count} weitere(s) Problem(e)",
    "{field}: {message} (found {value}); nothing written": "{field}: {message} (gefunden: "
    "{value}); nichts geschrieben",
    "cannot store {data}; nothing written": "kann {data} nicht speichern; nichts geschrieben",
    "{path}: the list does not match its schema (a skatliste bug: please report it)": "{path}: "
    "die Liste passt nicht zu ihrem Schema (ein Fehler in skatliste: bitte melde ihn)",
    "the folder {folder} takes no new files ({why}); give another --ledger": "der Ordner "
    "{folder} nimmt keine neuen Dateien an ({why}); gib eine andere --ledger an",
    "the version is a number, e.g. 1": "die Version ist eine Zahl, z. B. 1",
    "ledger": "Liste",
    "list": "Liste",
    "file": "Datei",
    # --- tournaments ----------------------------------------------------------------------
    "--games {spec}: give the games at a table of three and of four, e.g. 36/48 or 24/32": ""
    "--games {spec}: gib die Spiele am Dreier- und am Vierertisch an, z. B. 36/48 oder 24/32",
    "--name: give the tournament a name, e.g. --name 'Preisskat Dezember'": "--name: gib dem "
    "Turnier einen Namen, z. B. --name 'Preisskat Dezember'",
    "--series {count}: a tournament has at least 1 series": "--series {count}: ein Turnier hat "
    "mindestens 1 Serie",
    "--seed {seed}: give a whole number of 0 or more": "--seed {seed}: gib eine ganze Zahl ab 0 an",
    "--date {date}: give the date as YYYY-MM-DD, e.g. 2026-12-05": "--date {date}: gib das "
    "Datum als JJJJ-MM-TT an, z. B. 2026-12-05",
    "a player needs a name": "ein Spieler braucht einen Namen",
    "'{name}': a name cannot hold ',' or '=' (they separate names)": "'{name}': ein Name kann "
    "kein ',' oder '=' enthalten (sie trennen Namen)",
    "'{name}' cannot be a player's name: it means something else on a list": "'{name}' kann kein"
    " Spielername sein: es bedeutet auf einer Liste etwas anderes",
    "'{name}': a player of this name is registered already": "'{name}': ein Spieler dieses "
    "Namens ist schon gemeldet",
    "--number {number}: a start number is 1 or more": "--number {number}: eine Startnummer ist 1 "
    "oder mehr",
    "start number {number} is {name}'s already": "Startnummer {number} hat schon {name}",
    "'{name}': no such player (see 'skatliste tournament player list')": "'{name}': diesen "
    "Spieler gibt es nicht (siehe 'skatliste tournament player list')",
    "'{name}' has left the tournament already": "'{name}' hat das Turnier schon verlassen",
    "{source}: empty; give a header row such as 'name,club,number'": "{source}: leer; gib eine "
    "Kopfzeile an wie 'name,club,number'",
    "{source}: line 1: no name column in {header}; name the columns e.g. 'name,club,number' or "
    "'Name;Verein;Startnummer'": "{source}: Zeile 1: keine Namensspalte in {header}; benenne die "
    "Spalten z. B. 'name,club,number' oder 'Name;Verein;Startnummer'",
    "{source}: line {line}: number {number} is not a number": "{source}: Zeile {line}: Nummer "
    "{number} ist keine Zahl",
    "{source}: line {line}: {problem}": "{source}: Zeile {line}: {problem}",
    "nobody was added; correct the file and import again": "niemand wurde gemeldet; berichtige "
    "die Datei und importiere sie noch einmal",
    "{path}: not UTF-8 text; save the CSV file as UTF-8 and import it again": "{path}: kein "
    "UTF-8-Text; speichere die CSV-Datei als UTF-8 und importiere sie noch einmal",
    "series {series} is not drawn (drawn: {drawn}); draw it with 'skatliste tournament draw "
    "{series}'": "Serie {series} ist nicht ausgelost (ausgelost: {drawn}); lose sie aus mit "
    "'skatliste tournament draw {series}'",
    "series {series}: this tournament has series 1 to {last}": "Serie {series}: dieses Turnier "
    "hat die Serien 1 bis {last}",
    "series {series}: draw series {before} first": "Serie {series}: lose zuerst Serie {before} aus",
    "series {series} has results already; redraw it with --force (the old seating and its lists "
    "are kept)": "Serie {series} hat schon Ergebnisse; lose sie mit --force neu aus (die alte "
    "Sitzordnung und ihre Listen bleiben erhalten)",
    "{path}: cannot write the lists: {why}; the series was not drawn": "{path}: kann die Listen "
    "nicht schreiben: {why}; die Serie wurde nicht ausgelost",
    "series {series} is not drawn; there is no table {table} yet": "Serie {series} ist nicht "
    "ausgelost; es gibt noch keinen Tisch {table}",
    "series {series} has tables 1 to {last}; there is no table {table}": "Serie {series} hat die "
    "Tische 1 bis {last}; es gibt keinen Tisch {table}",
    "'{item}': write NAME=POINTS/WON/LOST, e.g. Anna=312/9/2": "'{item}': schreib "
    "NAME=PUNKTE/GEWONNEN/VERLOREN, z. B. Anna=312/9/2",
    "'{name}' is not at table {table} ({players})": "'{name}' sitzt nicht an Tisch {table} "
    "({players})",
    "'{name}' is given twice": "'{name}' steht zweimal da",
    "'{item}': {won} won and {lost} lost are more than the series of {length} games": "'{item}': "
    "{won} gewonnen und {lost} verloren sind mehr als die Serie von {length} Spielen",
    "no result for {players} (every player at the table)": "kein Ergebnis für {players} (jeder "
    "Spieler am Tisch)",
    "the table's won and lost games add up to {count}, more than the series of {length} "
    "games": "die gewonnenen und verlorenen Spiele des Tisches ergeben {count}, mehr als die "
    "Serie von {length} Spielen",
    "table {table} keeps its list ({name}, {count} game(s) entered): a table has either a list "
    "or a paper result": "Tisch {table} führt seine Liste ({name}, {count} Spiel(e) "
    "eingetragen): ein Tisch hat entweder eine Liste oder ein Ergebnis auf Papier",
    "series {series} table {table} has a paper result already; replace it with --force (the old "
    "one is kept in the history)": "Serie {series} Tisch {table} hat schon ein Ergebnis auf "
    "Papier; ersetze es mit --force (das alte bleibt im Verlauf)",
    "series {series} table {table}: nothing entered:\n  {problems}": "Serie {series} Tisch "
    "{table}: nichts eingetragen:\n  {problems}",
    "{name} has {count} game(s) as well; the paper result counts": "{name} hat auch {count} "
    "Spiel(e); das Ergebnis auf Papier zählt",
    "{path}: its players ({players}) are not the seating of series {series} table {table} "
    "({seated})": "{path}: ihre Spieler ({players}) sind nicht die Sitzordnung von Serie "
    "{series} Tisch {table} ({seated})",
    "{name} is missing": "{name} fehlt",
    "series {series} is not drawn; drawn: {drawn}": "Serie {series} ist nicht ausgelost; "
    "ausgelost: {drawn}",
    "none yet": "noch keine",
    "{option} {raw}: {part} is not a number (e.g. {example})": "{option} {raw}: {part} ist keine "
    "Zahl (z. B. {example})",
    "{option} {raw}: give one amount, e.g. {example}": "{option} {raw}: gib einen Betrag an, "
    "z. B. {example}",
    "export seating: give the series, e.g. --series 1": "export seating: gib die Serie an, z. B. "
    "--series 1",
    "{count} player(s): a table has 3 or 4 players": "{count} Spieler: ein Tisch hat 3 oder 4 "
    "Spieler",
    "--size {size}: a team has at least 1 player": "--size {size}: eine Mannschaft hat "
    "mindestens 1 Spieler",
    "give either --amounts or --pool with --split, not both": "gib entweder --amounts oder "
    "--pool mit --split an, nicht beides",
    "--amounts: {amount} is negative; give amounts like 100,60,40": "--amounts: {amount} ist "
    "negativ; gib Beträge an wie 100,60,40",
    "give --pool 500 --split 30,20,15 (percent) or --amounts 100,60,40": "gib --pool 500 --split "
    "30,20,15 (Prozent) oder --amounts 100,60,40 an",
    "--pool and --split are amounts and percentages of 0 or more": "--pool und --split sind "
    "Beträge und Prozente ab 0",
    "--split adds up to {total} %: at most 100 %": "--split ergibt {total} %: höchstens 100 %",
    "{count} player(s) cannot be seated at tables of four and three (1, 2 and 5 cannot); add or "
    "remove a player": "{count} Spieler lassen sich nicht an Vierer- und Dreiertische setzen "
    "(1, 2 und 5 nicht); melde einen Spieler an oder ab",
    "--entry and --lost-game are amounts of 0 or more": "--entry und --lost-game sind Beträge ab 0",
    # the tournament file
    "{path}: {where}: {message}{shown}; the tournament file was left untouched": "{path}: "
    "{where}: {message}{shown}; die Turnierdatei blieb unberührt",
    "{message} (found {value})": "{message} (gefunden: {value})",
    " (found {value})": " (gefunden: {value})",
    "{path}: not a tournament file (not UTF-8 text); left untouched": "{path}: keine "
    "Turnierdatei (kein UTF-8-Text); blieb unberührt",
    "{path}: line {line} column {column}: not valid JSON ({why}); the tournament file was left "
    "untouched": "{path}: Zeile {line} Spalte {column}: kein gültiges JSON ({why}); die "
    "Turnierdatei blieb unberührt",
    '{path}: not a tournament file (no "format": "{name}")': "{path}: keine Turnierdatei (kein "
    '"format": "{name}")',
    "{path}: format version {version} is newer than this skatliste understands (version "
    "{known}); update skatliste": "{path}: Formatversion {version} ist neuer, als dieses "
    "skatliste versteht (Version {known}); aktualisiere skatliste",
    "{path}: no tournament here ({file} not found); start one with 'skatliste tournament new "
    "DIR --name NAME', or give --tournament DIR": "{path}: hier ist kein Turnier ({file} nicht "
    "gefunden); beginne eines mit 'skatliste tournament new DIR --name NAME' oder gib "
    "--tournament DIR an",
    "{path}: cannot create the folder: {why}": "{path}: kann den Ordner nicht anlegen: {why}",
    "{path}: a tournament exists here already; choose another folder": "{path}: hier ist schon "
    "ein Turnier; wähle einen anderen Ordner",
    "must be an object": "muss ein Objekt sein",
    "field '{field}' is missing": "Feld '{field}' fehlt",
    "unknown field '{field}'": "unbekanntes Feld '{field}'",
    "must be a non-empty text": "muss ein nicht leerer Text sein",
    "must be text": "muss Text sein",
    "must be a whole number": "muss eine ganze Zahl sein",
    "must be {low} or more": "muss {low} oder mehr sein",
    "must be a list": "muss eine Liste sein",
    "must be {version}": "muss {version} sein",
    "a second player of this name": "ein zweiter Spieler dieses Namens",
    "a second player with this start number": "ein zweiter Spieler mit dieser Startnummer",
    "must be true or false": "muss true oder false sein",
    "a table has 3 or 4 players": "ein Tisch hat 3 oder 4 Spieler",
    "not a registered player": "kein gemeldeter Spieler",
    "this series is drawn twice": "diese Serie ist zweimal ausgelost",
    "must be [points, won, lost]": "muss [Punkte, gewonnen, verloren] sein",
    "no such table in the drawn series": "diesen Tisch gibt es in der ausgelosten Serie nicht",
    "the names are not the players at that table": "die Namen sind nicht die Spieler an diesem "
    "Tisch",
    "{path}: {name} on {date}, {series} series of {four} games at a table of four, {three} at "
    "three; seed {seed}": "{path}: {name} am {date}, {series} Serien zu {four} Spielen am "
    "Vierertisch, {three} am Dreiertisch; Startwert {seed}",
    "{name} registered{club}": "{name} gemeldet{club}",
    "{name} has left: not drawn again, ranked with the series played": "{name} ist ausgeschieden: "
    "wird nicht mehr ausgelost, gewertet mit den gespielten Serien",
    "{name} removed": "{name} abgemeldet",
    "Note: {name} is seated in series {series}, which has no result yet; redraw it with "
    "'skatliste tournament draw {series}'": "Hinweis: {name} sitzt in Serie {series}, die noch "
    "kein Ergebnis hat; lose sie neu aus mit 'skatliste tournament draw {series}'",
    "{count} player(s) registered": "{count} Spieler gemeldet",
    "the old seating of series {series} is in the history, its lists in {folder}/": "die alte "
    "Sitzordnung von Serie {series} steht im Verlauf, ihre Listen in {folder}/",
    "no series drawn yet: 'skatliste tournament draw 1'": "noch keine Serie ausgelost: "
    "'skatliste tournament draw 1'",
    "series {series} table {table}: {problem}": "Serie {series} Tisch {table}: {problem}",
    "no player has a club: 'skatliste tournament player add NAME --club CLUB'": "kein Spieler hat "
    "einen Verein: 'skatliste tournament player add NAME --club VEREIN'",
    "{path}: {what} written ({format})": "{path}: {what} geschrieben ({format})",
    # --- American Grand --------------------------------------------------------------------
    "{contract} {bid}: a bid is a positive multiple of 5 (5, 10, 15, ...), e.g. '{example}'": ""
    "{contract} {bid}: ein Gebot ist ein positives Vielfaches von 5 (5, 10, 15, ...), z. B. "
    "'{example}'",
    "{contract} {bid}: {title} may be named only with a bid of {most} or less (§A2); above it "
    "name whist or grand": "{contract} {bid}: {title} darf nur mit einem Gebot bis {most} "
    "genannt werden (§A2); darüber nenne whist oder grand",
    "{contract} {bid}: {why}, so the highest bid that can be made is {top}; write a bid of 5 to "
    "{top}, e.g. '{example}'{hint}": "{contract} {bid}: {why}, also ist das höchste erfüllbare "
    "Gebot {top}; schreib ein Gebot von 5 bis {top}, z. B. '{example}'{hint}",
    "with slam.counts=over_six a {title} puts at most {most} against the bid (7 over six × "
    "{value}, §A3)": "mit slam.counts=over_six bringt ein {title} höchstens {most} gegen das "
    "Gebot (7 über sechs × {value}, §A3)",
    "a {title} scores at most {most} (all {tricks} tricks, §A3)": "ein {title} bringt höchstens "
    "{most} (alle {tricks} Stiche, §A3)",
    " (did you mean '{contract} {bid}'?)": " (meintest du '{contract} {bid}'?)",
    "'{word} {digits}...': the number has more than {most} digits, far too many for a deal; "
    "bids go up to 100, tricks and hearts to 13, e.g. 'whist 25 tricks 11'": "'{word} "
    "{digits}...': die Zahl hat mehr als {most} Ziffern, viel zu viele für ein Spiel; Gebote "
    "gehen bis 100, Stiche und Herzen bis 13, z. B. 'whist 25 tricks 11'",
    "'{word} {next}': {how}, e.g. '{example}'": "'{word} {next}': {how}, z. B. '{example}'",
    "the bid is a positive multiple of 5 (5, 10, 15, ...), written without a sign": "das Gebot "
    "ist ein positives Vielfaches von 5 (5, 10, 15, ...), ohne Vorzeichen geschrieben",
    "tricks are 0 to {most} (0 to {euchre} in Euchre), the declaring pair's tricks, written "
    "without a sign": "Stiche sind 0 bis {most} (0 bis {euchre} im Euchre), die Stiche des "
    "ansagenden Paares, ohne Vorzeichen geschrieben",
    "hearts are 0 to {most}, the hearts in the declaring pair's tricks, written without a "
    "sign": "Herzen sind 0 bis {most}, die Herzen in den Stichen des ansagenden Paares, ohne "
    "Vorzeichen geschrieben",
    "the number {n} stands alone: a bid, tricks and hearts are written without a sign after "
    "their word, e.g. 'whist 25 tricks 11' or 'hearts 40 hearts 3'": "die Zahl {n} steht "
    "allein: Gebot, Stiche und Herzen werden ohne Vorzeichen hinter ihr Wort geschrieben, z. B. "
    "'whist 25 tricks 11' oder 'hearts 40 hearts 3'",
    "--rules {preset}: no such rule set; known: {known}, e.g. 'skatliste schema --rules "
    "american-grand'": "--rules {preset}: dieses Regelwerk gibt es nicht; bekannt: {known}, "
    "z. B. 'skatliste schema --rules american-grand'",
    "'{word}': 'value' is for Skat games; an American Grand deal is valued when it is added to "
    "an American Grand list, e.g. 'skatliste new --rules american-grand --players Anna Ben Carl "
    "Dora', then 'skatliste add anna whist 25 tricks 11'": "'{word}': 'value' ist für "
    "Skatspiele; ein Spiel American Grand wird bewertet, wenn es in eine Liste für American "
    "Grand eingetragen wird, z. B. 'skatliste new --rules american-grand --players Anna Ben "
    "Carl Dora', dann 'skatliste add anna whist 25 tricks 11'",
    "'--rules {preset}': 'value' takes no rule set: it values a Skat game by the ISkO; a list's "
    "rules apply when the game is added to it ('skatliste add ...'); e.g. 'skatliste value "
    "kreuz mit 2 hand'": "'--rules {preset}': 'value' nimmt kein Regelwerk: es bewertet ein "
    "Skatspiel nach der ISkO; die Regeln einer Liste gelten, wenn das Spiel in sie eingetragen "
    "wird ('skatliste add ...'); z. B. 'skatliste value kreuz mit 2 hand'",
    "{contract} {bid} alone: only a Euchre is played alone; drop 'alone'": "{contract} {bid} "
    "alone: nur ein Euchre wird allein gespielt; lass 'alone' weg",
    "hearts {bid} tricks {tricks}: a Hearts deal counts hearts, not tricks; write the hearts in "
    "the declaring pair's tricks, e.g. 'hearts {bid} hearts 3' (hearts 0: made)": "hearts {bid} "
    "tricks {tricks}: ein Hearts-Spiel zählt Herzen, nicht Stiche; schreib die Herzen in den "
    "Stichen des ansagenden Paares, z. B. 'hearts {bid} hearts 3' (hearts 0: erfüllt)",
    "hearts {bid}: say how many hearts the declaring pair took, e.g. 'hearts {bid} hearts 0' "
    "(made) or 'hearts {bid} hearts 3'": "hearts {bid}: sag, wie viele Herzen das ansagende "
    "Paar bekam, z. B. 'hearts {bid} hearts 0' (erfüllt) oder 'hearts {bid} hearts 3'",
    "hearts {hearts}: the declaring pair takes 0 to {most} hearts": "hearts {hearts}: das "
    "ansagende Paar bekommt 0 bis {most} Herzen",
    "{contract} {bid} hearts {hearts}: hearts are counted only in a Hearts deal; give the "
    "tricks, e.g. '{example}'": "{contract} {bid} hearts {hearts}: Herzen zählen nur in einem "
    "Hearts-Spiel; gib die Stiche an, z. B. '{example}'",
    "{contract} {bid}: say how many tricks (out of {most}) the declaring pair took, e.g. "
    "'{example} {bid}{alone} tricks {tricks}'": "{contract} {bid}: sag, wie viele Stiche (von "
    "{most}) das ansagende Paar machte, z. B. '{example} {bid}{alone} tricks {tricks}'",
    "{contract} {bid} tricks {tricks}: the declaring pair takes 0 to {most} tricks in "
    "{title}": "{contract} {bid} tricks {tricks}: das ansagende Paar macht 0 bis {most} Stiche "
    "im {title}",
    "euchre {bid} alone: a bid under 20 is played with the partner (§A3); drop 'alone', or bid "
    "20 or 25 to play alone": "euchre {bid} alone: ein Gebot unter 20 wird mit dem Partner "
    "gespielt (§A3); lass 'alone' weg oder biete 20 oder 25, um allein zu spielen",
    "euchre {bid}: a bid of 25 is played alone (§A3); write 'euchre {bid} alone tricks "
    "{tricks}'": "euchre {bid}: ein Gebot von 25 wird allein gespielt (§A3); schreib 'euchre "
    "{bid} alone tricks {tricks}'",
    "American Grand is played by four players, partners opposite; got {count}: give four names, "
    "e.g. --players Anna Ben Carl Dora": "American Grand spielen vier Spieler, Partner "
    "gegenüber; angegeben {count}: gib vier Namen an, z. B. --players Anna Ben Carl Dora",
    "'{word}{next}': '{word}' needs a number after it, e.g. '{example}'": "'{word}{next}': nach "
    "'{word}' gehört eine Zahl, z. B. '{example}'",
    "two bids given ({first} and {second}): a deal has one bid": "zwei Gebote angegeben ({first} "
    "und {second}): ein Spiel hat ein Gebot",
    "'{word}' given twice ({first} and {second}): give it once": "'{word}' zweimal angegeben "
    "({first} und {second}): gib es einmal an",
    "two contracts named: '{first}' and '{second}'; a deal has one contract": "zwei Spiele "
    "genannt: '{first}' und '{second}'; ein Spiel hat eine Ansage",
    "the number {n} stands alone: say what it is, e.g. 'whist {n}' (the bid), 'tricks {n}' or "
    "'hearts {n}'": "die Zahl {n} steht allein: sag, was sie ist, z. B. 'whist {n}' (das "
    "Gebot), 'tricks {n}' oder 'hearts {n}'",
    "no contract named: say whist, grand, euchre or hearts and the bid, e.g. 'whist 25 tricks "
    "11'": "keine Ansage genannt: sag whist, grand, euchre oder hearts und das Gebot, z. B. "
    "'whist 25 tricks 11'",
    "no bid: write it after the contract, e.g. '{example}'": "kein Gebot: schreib es hinter die "
    "Ansage, z. B. '{example}'",
    "both 'alone' and 'partner' given: a Euchre is played one way": "'alone' und 'partner' "
    "zugleich angegeben: ein Euchre wird nur auf eine Art gespielt",
    "; known words: whist, grand, euchre, hearts, tricks N, hearts N, alone": "; bekannte "
    "Wörter: whist, grand, euchre, hearts, tricks N, hearts N, alone",
    "rules: preset '{preset}' is not American Grand": "rules: Regelwerk '{preset}' ist nicht "
    "American Grand",
    "{path}: a {family} list, not an American Grand list: this command is for American Grand "
    "lists ('skatliste new --rules american-grand ...')": "{path}: eine Liste für {family}, "
    "keine für American Grand: dieser Befehl ist für Listen von American Grand ('skatliste new "
    "--rules american-grand ...')",
    "{path}: no partie in progress to end: the next deal starts a new one ('skatliste add "
    "...')": "{path}: keine laufende Partie zu beenden: das nächste Spiel beginnt eine neue "
    "('skatliste add ...')",
    "{path}: the list has no deals yet": "{path}: die Liste hat noch keine Spiele",
    "deal {number}: the list has deals 1 to {last}": "Spiel {number}: die Liste hat die Spiele "
    "1 bis {last}",
    "deal {number}: {problem} ({deal})": "Spiel {number}: {problem} ({deal})",
    "cannot be scored": "kann nicht gewertet werden",
    "{count} player(s) given: American Grand is played by four in seat order, partners "
    "opposite, e.g. 'skatliste new --rules american-grand --players Anna Ben Carl Dora'": ""
    "{count} Spieler angegeben: American Grand spielen vier in Sitzreihenfolge, Partner "
    "gegenüber, z. B. 'skatliste new --rules american-grand --players Anna Ben Carl Dora'",
    "'{name}' cannot be a player's name: it is a word of a deal; give the player's name": ""
    "'{name}' kann kein Spielername sein: es ist ein Wort eines Spiels; gib den Namen des "
    "Spielers an",
    "say which contract, bid and result, e.g. 'skatliste add anna whist 25 tricks 11'": "sag "
    "Ansage, Gebot und Ergebnis, z. B. 'skatliste add anna whist 25 tricks 11'",
    "{count} problem(s) in {deals} deals": "{count} Problem(e) in {deals} Spielen",
    "{path}: {count} deals, no problems": "{path}: {count} Spiele, keine Probleme",
    "{path}: {where}: {problem}": "{path}: {where}: {problem}",
    "no deals removed or replaced": "keine Spiele entfernt oder ersetzt",
    "{path}: {format}, {count} deals": "{path}: {format}, {count} Spiele",
    "{path}: rule set {preset}": "{path}: Regelwerk {preset}",
    "{path}: new American Grand list: {pair} against {other}; {dealer} deals first": "{path}: "
    "neue Liste für American Grand: {pair} gegen {other}; {dealer} gibt zuerst",
    "deleted deal {number}: {deal}": "Spiel {number} gelöscht: {deal}",
    "deal {number}": "Spiel {number}",
    "Note: {entries} not counted, the first at {where}: {problem} (see 'skatliste check')": ""
    "Hinweis: {entries} nicht gezählt, der erste bei {where}: {problem} (siehe 'skatliste "
    "check')",
    "1 entry": "1 Eintrag",
    "{count} entries": "{count} Einträge",
    "give the number of deals in a partie (e.g. 8), or 'off'": "gib die Zahl der Spiele einer "
    "Partie an (z. B. 8), oder 'off'",
    "rules {preset}: {family} is not Skat: its list is started by its own family ('skatliste "
    "new --rules {preset} ...')": "rules {preset}: {family} ist kein Skat: seine Liste beginnt "
    "seine eigene Familie ('skatliste new --rules {preset} ...')",
    "{path}: an {family} list, not a Skat list: this command is for Skat lists (see "
    "'skatliste --help')": "{path}: eine Liste für {family}, keine Skatliste: dieser Befehl ist "
    "für Skatlisten (siehe 'skatliste --help')",
    # --- the web page and its keys ---------------------------------------------------------
    "{path}: cannot read the key: {why}": "{path}: kann den Schlüssel nicht lesen: {why}",
    "{path}: cannot read the keys: {why}": "{path}: kann die Schlüssel nicht lesen: {why}",
    "{path}: cannot keep the keys: {why}": "{path}: kann die Schlüssel nicht aufbewahren: {why}",
    "--host {host} --port {port}: cannot serve there ({why}); try --port {other}": "--host "
    "{host} --port {port}: dort kann nicht bedient werden ({why}); versuch --port {other}",
    "--renew-key replaces the kept key: give no --key (or SKATLISTE_KEY) with it": "--renew-key "
    "ersetzt den aufbewahrten Schlüssel: gib kein --key (oder SKATLISTE_KEY) dazu",
    "--key: give at least 16 characters (better: let skatliste make the key)": "--key: gib "
    "mindestens 16 Zeichen an (besser: lass skatliste den Schlüssel machen)",
    "a write from another site ({origin}) is refused; use the page at {own}": "ein Schreiben "
    "von einer anderen Seite ({origin}) wird abgelehnt; nimm die Seite unter {own}",
    "a write from another site is refused; use the page of this server": "ein Schreiben von "
    "einer anderen Seite wird abgelehnt; nimm die Seite dieses Servers",
    "writing needs the list's key: open the link printed by 'skatliste serve' (or send "
    "'Authorization: Bearer KEY'; 'skatliste serve --show-keys' shows it)": "Schreiben braucht "
    "den Schlüssel der Liste: öffne den Link, den 'skatliste serve' ausgibt (oder sende "
    "'Authorization: Bearer KEY'; 'skatliste serve --show-keys' zeigt ihn)",
    "wrong key for this list: ask for the link again ('--show-keys')": "falscher Schlüssel für "
    "diese Liste: frag noch einmal nach dem Link ('--show-keys')",
    "create_app needs a list or a tournament folder": "create_app braucht eine Liste oder einen "
    "Turnierordner",
    "the request body is larger than {most} bytes": "der Inhalt der Anfrage ist größer als "
    "{most} Bytes",
    "the request body is not JSON: {why}": "der Inhalt der Anfrage ist kein JSON: {why}",
    "the request body is not JSON a person would send: nested too deep": "der Inhalt der "
    "Anfrage ist kein JSON, wie es ein Mensch schickt: zu tief verschachtelt",
    "the request does not fit: {problems}": "die Anfrage passt nicht: {problems}",
    "series {series} has no table {table} (not drawn yet?)": "Serie {series} hat keinen Tisch "
    "{table} (noch nicht ausgelost?)",
    # --- tournaments, since -----------------------------------------------------------------
    "'{name}': the number {digits}... has more than {most} digits; no series scores that (write "
    "NAME=POINTS/WON/LOST, e.g. Anna=312/9/2)": "'{name}': die Zahl {digits}... hat mehr als "
    "{most} Ziffern; so viel bringt keine Serie (schreib NAME=PUNKTE/GEWONNEN/VERLOREN, z. B. "
    "Anna=312/9/2)",
    "--games {spec}: give the games at a table of three and of four (1 to {most}), e.g. 36/48 "
    "or 24/32": "--games {spec}: gib die Spiele am Dreier- und am Vierertisch an (1 bis "
    "{most}), z. B. 36/48 oder 24/32",
    "series {series} table {table} has no paper result to delete": "Serie {series} Tisch {table}"
    " hat kein Ergebnis auf Papier zum Löschen",
    "--series {count}: a tournament has 1 to {most} series, e.g. --series 3": "--series {count}: "
    "ein Turnier hat 1 bis {most} Serien, z. B. --series 3",
    "{option} {raw}: {part} is negative; give e.g. {example}": "{option} {raw}: {part} ist "
    "negativ; gib z. B. {example} an",
    "{option} {raw}: {part} is not a number (e.g. {example}): write at most six digits before "
    "the decimal point or comma, and no exponent": "{option} {raw}: {part} ist keine Zahl (z. B. "
    "{example}): schreib höchstens sechs Ziffern vor dem Komma oder Punkt und keinen Exponenten",
    "--date {date}: no such day; give the date as YYYY-MM-DD, e.g. 2026-12-05": "--date {date}: "
    "diesen Tag gibt es nicht; gib das Datum als JJJJ-MM-TT an, z. B. 2026-12-05",
    "--seed {seed}: give a whole number from 0 to {most}": "--seed {seed}: gib eine ganze Zahl "
    "von 0 bis {most} an",
    "--delete takes the paper result back: give no results and no --force": "--delete nimmt das "
    "Ergebnis auf Papier zurück: gib keine Ergebnisse und kein --force dazu",
    "give every player's result, e.g. Anna=312/9/2 Ben=-40/3/4 Carl=118/6/1": "gib das Ergebnis "
    "jedes Spielers an, z. B. Anna=312/9/2 Ben=-40/3/4 Carl=118/6/1",
    "series {series} table {table}: paper result deleted (kept in the history)": "Serie {series} "
    "Tisch {table}: Ergebnis auf Papier gelöscht (bleibt im Verlauf)",
    "{won} won and {lost} lost are more than the series of {length} games": "{won} gewonnen und "
    "{lost} verloren sind mehr als die Serie von {length} Spielen",
    "{points} list points with {won} won and {lost} lost": "{points} Listenpunkte bei {won} "
    "gewonnenen und {lost} verlorenen Spielen",
    "{counts}: list points come only from games played as declarer, so they are 0 here": ""
    "{counts}: Listenpunkte kommen nur aus Spielen als Alleinspieler, hier sind sie also 0",
    "{counts}: a won game brings at most {won}, a lost one costs at most {lost}, so the points "
    "are {low} to {high}": "{counts}: ein gewonnenes Spiel bringt höchstens {won}, ein "
    "verlorenes kostet höchstens {lost}, die Punkte sind also {low} bis {high}",
    "must be at most {most}": "muss höchstens {most} sein",
    "must be a real day, written YYYY-MM-DD": "muss ein echter Tag sein, geschrieben JJJJ-MM-TT",
    "a player seated twice at the table": "ein Spieler sitzt zweimal am Tisch",
    "a player seated at table {table} of this series as well": "ein Spieler sitzt auch an Tisch "
    "{table} dieser Serie",
    "a second paper result for this table": "ein zweites Ergebnis auf Papier für diesen Tisch",
    "the won and lost games add up to {count}, more than the series of {length}": "die "
    "gewonnenen und verlorenen Spiele ergeben {count}, mehr als die Serie von {length}",
    "{path}: is a skatliste {kind}, not a list; a new list never replaces it (not even with "
    "--force). Nothing written: give another --ledger": "{path}: ist eine Datei von skatliste "
    "({kind}), keine Liste; eine neue Liste ersetzt sie nie (auch nicht mit --force). Nichts "
    "geschrieben: gib eine andere --ledger an",
    "{output}{link}: is a skatliste {kind}; writing there would replace it. Nothing written: "
    "give another file": "{output}{link}: ist eine Datei von skatliste ({kind}); dorthin zu "
    "schreiben ersetzte sie. Nichts geschrieben: gib eine andere Datei an",
    " (a link to {target})": " (ein Link auf {target})",
    "a paper result and {count} game(s) on its list {name}: the table counts once, so there is "
    "no ranking until one of them goes; delete the list's games ('skatliste undo --ledger "
    "{name}' for each) or the paper result ('skatliste tournament result {series} {table} "
    "--delete')": "ein Ergebnis auf Papier und {count} Spiel(e) auf seiner Liste {name}: der "
    "Tisch zählt einmal, also gibt es keine Rangliste, bis eins davon weg ist; lösche die "
    "Spiele der Liste (je einmal 'skatliste undo --ledger {name}') oder das Ergebnis auf "
    "Papier ('skatliste tournament result {series} {table} --delete')",
    "no ranking:": "keine Rangliste:",
    "{where}: {field} {name} is not a player of this list: {players} (names are written as the "
    "players line has them)": "{where}: {field} {name} ist kein Spieler dieser Liste: {players} "
    "(Namen werden so geschrieben, wie die Zeile players sie hat)",
    "{field}{key} is given twice": "{field}{key} steht zweimal da",
    "{key} is given twice": "{key} steht zweimal da",
    "{path}: {problem} (a hand edit?): keep one of them; the file was left untouched": "{path}: "
    "{problem} (von Hand bearbeitet?): behalte einen davon; die Datei blieb unberührt",
    "'{word}' given twice: say 'kontra' once": "'{word}' zweimal angegeben: sag 'kontra' einmal",
    "'{word}' given twice: say '{flag}' once (only Bock counts twice)": "'{word}' zweimal "
    "angegeben: sag '{flag}' einmal (nur Bock zählt doppelt)",
    # --- play: questions and answers --------------------------------------------------------
    "'{answer}': answer y (yes) or n (no)": "'{answer}': antworte j (ja) oder n (nein)",
    "'{answer}': answer one of {choices} (n = {no})": "'{answer}': antworte eins von "
    "{choices} (n = {no})",
    "'{answer}': {what} is a number from {low} to {high}{empty}": "'{answer}': {what} ist eine "
    "Zahl von {low} bis {high}{empty}",
    ", or empty": " oder leer",
    "Game {number} — dealer: {dealer}": "Spiel {number} — Geber: {dealer}",
    "Declarer ({players}, p = all passed{ramsch}, q = quit)": "Spieler ({players}, p = "
    "eingepasst{ramsch}, q = Ende)",
    ", r = Ramsch": ", r = Ramsch",
    "Game ({games})": "Spiel ({games})",
    "Spitzen (e.g. 'mit 2' or 'ohne 1')": "Spitzen (z. B. 'mit 2' oder 'ohne 1')",
    "Hand": "Hand",
    "Ouvert": "Ouvert",
    "Announced": "Angesagt",
    "Won": "Gewonnen",
    "The declarer's Augen (empty: not counted)": "Augen des Spielers (leer: nicht gezählt)",
    "Schwarz (one side took no trick)": "Schwarz (eine Partei ohne Stich)",
    "Schneider": "Schneider",
    "Bid (empty: not noted)": "Gereizt (leer: nicht notiert)",
    "Kontra/Re": "Kontra/Re",
    "The bid of the Kontra-sayer (at least 18)": "Gereizt vom Kontra-Sager (mindestens 18)",
    "Augen of {name}": "Augen von {name}",
    "Jungfrau {name} (no trick)": "Jungfrau {name} (kein Stich)",
    "Durchmarsch {name} (every trick)": "Durchmarsch {name} (alle Stiche)",
    "Geschoben (how many times)": "Geschoben (wie oft)",
    "the bid": "der Reizwert",
    "his bid": "sein Reizgebot",
    "{name} deals game {number} and sits out at a table of four; the declarer is one of "
    "{players}": "{name} gibt Spiel {number} und setzt am Vierertisch aus; der Alleinspieler ist "
    "einer von {players}",
    "{message} — the game was not entered": "{message} — das Spiel wurde nicht eingetragen",
    "{bid} is not a Reizwert (nearest: {near}); games reaching it:": "{bid} ist kein Reizwert "
    "(nächste: {near}); Spiele, die ihn erreichen:",
    "no game reaches {bid}": "kein Spiel erreicht {bid}",
    "{path}: {format}, {count} games": "{path}: {format}, {count} Spiele",
    # --- confirmations ----------------------------------------------------------------------
    "{path}: new list for {players} ({preset} rules{series}); {dealer} deals first": "{path}: "
    "neue Liste für {players} (Regelwerk {preset}{series}); {dealer} gibt zuerst",
    ", series of {count} games": ", Serie von {count} Spielen",
    "taken back: {game}": "zurückgenommen: {game}",
    "deleted game {number}: {game}": "Spiel {number} gelöscht: {game}",
    "no games removed or replaced": "keine Spiele entfernt oder ersetzt",
    "Later games changed: {changes}": "Spätere Spiele geändert: {changes}",
    "Note: 'skatliste check' now finds {count} problem(s), the first at game {number}: "
    "{problem}": "Hinweis: 'skatliste check' findet jetzt {count} Problem(e), das erste bei "
    "Spiel {number}: {problem}",
    "{path}: {count} games, no problems": "{path}: {count} Spiele, keine Probleme",
    "{path}: game {number}: {problem}": "{path}: Spiel {number}: {problem}",
    "Bug: 'skatliste {command}' failed unexpectedly ({kind}: {detail}). This is a bug in "
    "skatliste, not your mistake: please report it with the command you typed and 'skatliste "
    "--version' (run it again with SKATLISTE_DEBUG=1 for the traceback)": "Fehler im Programm: "
    "'skatliste {command}' ist unerwartet gescheitert ({kind}: {detail}). Das ist ein Fehler "
    "in skatliste, nicht deiner: bitte melde ihn mit dem Befehl, den du eingegeben hast, und "
    "'skatliste --version' (führe ihn mit SKATLISTE_DEBUG=1 noch einmal aus, um den Traceback "
    "zu sehen)",
}
"""English template → German template, with the same ``{placeholders}``."""


def placeholders(template: str) -> list[str]:
    """The names a template fills in, in order: ``['number', 'last']``."""
    return PLACEHOLDER.findall(template)


def shape(template: str) -> tuple[str, ...]:
    """A template's fixed text between its placeholders, whatever they are named."""
    return tuple(PLACEHOLDER.split(template)[0::2])


LONGEST = 1000
"""Longer texts are not matched whole (a pattern's cost grows with the text), only line by line
and part by part."""

WINDOW = 4
"""At most this many '; '-parts make one message ('a; b' is one, 'a; b; c; d; e' is several)."""

DEEPEST = 5
"""Messages inside messages go this deep at most ('game 3: rule x=y: why' is two deep)."""

BUDGET = 1_000
"""Patterns tried for one text at most (a real message needs under 100): whatever the text,
the error path stays quick."""

WORD_SLOTS = frozenset({"what", "empty", "series", "was", "drawn", "message", "link", "entries"})
"""Placeholders that hold a few words of a message ('the bid', ', or empty'); any other
value is translated only when it is a whole message, so a player called 'list' stays 'list'."""

SHORTEST_MESSAGE = 12
"""The shortest text without placeholders that translates a value outside ``WORD_SLOTS``."""


@cache
def _patterns() -> list[tuple[int, tuple[str, ...], re.Pattern[str], str]]:
    """The catalogue as patterns, most specific first (the longest fixed text wins), each with
    its fixed pieces: a text that lacks one of them is not tried."""
    compiled = []
    for english, german in CATALOGUE.items():
        parts = PLACEHOLDER.split(english)
        seen: set[str] = set()
        regex = ""
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex += re.escape(part)
            elif part in seen:
                regex += f"(?P={part})"
            else:
                seen.add(part)
                regex += f"(?P<{part}>.*?)"
        fixed = sum(len(p) for p in parts[0::2])
        compiled.append((fixed, -len(seen), tuple(parts[0::2]), re.compile(regex, re.S), german))
    compiled.sort(key=lambda item: (-item[0], item[1]))
    return [(fixed, pieces, pattern, german) for fixed, _, pieces, pattern, german in compiled]


def _may_match(text: str, pieces: tuple[str, ...]) -> bool:
    """Whether ``text`` has a template's fixed pieces in their order, the first at its start
    and the last at its end: only then is the (slower) pattern tried."""
    if not text.startswith(pieces[0]) or not text.endswith(pieces[-1]):
        return False
    at = len(pieces[0])
    for piece in pieces[1:-1]:
        at = text.find(piece, at)
        if at < 0:
            return False
        at += len(piece)
    return len(pieces) == 1 or at <= len(text) - len(pieces[-1])


def _fill(template: str, values: dict[str, str]) -> str:
    """The template with each placeholder replaced by its value (braces in values stay)."""
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], template)


Known = tuple[int, str]
"""A translation and how much of it the catalogue knew (the fixed text matched)."""


class _German:
    """One text's translation: what is known of each piece is worked out once."""

    def __init__(self) -> None:
        self.budget = BUDGET
        self.messages: dict[tuple[str, int, int], Known | None] = {}
        self.values: dict[tuple[bool, str, int], Known] = {}

    def message(self, text: str, shortest: int, depth: int) -> Known | None:
        """One whole message in German, or None if no template matches it whole. Of several
        matches the one that knows most wins: 'game 3: a; b' is two messages, not one."""
        key = (text, shortest, depth)
        if key not in self.messages:
            self.messages[key] = self._message(text, shortest, depth)
        return self.messages[key]

    def _message(self, text: str, shortest: int, depth: int) -> Known | None:
        if len(text) > LONGEST:
            return None
        best: Known | None = None
        for fixed, pieces, pattern, german in _patterns():
            if (fixed < shortest and not pattern.groups) or self.budget <= 0:
                continue
            if not _may_match(text, pieces):
                continue
            self.budget -= 1
            match = pattern.fullmatch(text)
            if match is None:
                continue
            values = {
                k: self.value(k in WORD_SLOTS, v, depth + 1) for k, v in match.groupdict().items()
            }
            score = fixed + sum(known for known, _ in values.values())
            if best is None or score > best[0]:
                best = score, _fill(german, {k: v for k, (_, v) in values.items()})
        return best

    def value(self, words: bool, text: str, depth: int) -> Known:
        """A filled-in value (``words``: a few words may be translated, as in a whole
        message): a message itself, several joined by '; ' or one a line, or as it is."""
        if not text or depth > DEEPEST:
            return 0, text
        key = (words, text, depth)
        if key not in self.values:
            self.values[key] = self._value(words, text, depth)
        return self.values[key]

    def _value(self, words: bool, text: str, depth: int) -> Known:
        found = self.cut(words, text, depth)
        if "\n" in text:  # one message over several lines, or one message a line
            lines = []
            for line in text.split("\n"):
                body = line.lstrip(" ")
                known, german = self.cut(words, body, depth) if body else (0, body)
                lines.append((known, line[: len(line) - len(body)] + german))
            joined = sum(known for known, _ in lines), "\n".join(line for _, line in lines)
            if joined[0] > found[0]:
                return joined
        return found

    def cut(self, words: bool, text: str, depth: int) -> Known:
        """One message, or several joined by '; ' (each may hold a few '; ' itself): the
        best cut, found part by part."""
        shortest = 0 if words else SHORTEST_MESSAGE
        if "; " not in text:
            return self.message(text, shortest, depth) or (0, text)
        parts = text.split("; ")
        best: list[Known] = [(0, "")]
        for end in range(1, len(parts) + 1):
            options = []
            starts = list(range(max(0, end - WINDOW), end))
            if end == len(parts) and 0 not in starts:
                starts.insert(0, 0)  # the whole text, once
            for start in starts:
                piece = "; ".join(parts[start:end])
                known, german = self.message(piece, shortest, depth) or (0, piece)
                before = best[start]
                options.append((before[0] + known, f"{before[1]}; {german}" if start else german))
            best.append(max(options, key=lambda option: option[0]))
        return best[-1]


def translate(text: str, lang: Lang) -> str:
    """``text`` in ``lang``: English comes back as it is, and so does a text the catalogue
    does not know; several lines are translated one by one.

    >>> translate("game 3: bid 19 is not a Reizwert: bids are the values a game can have "
    ...           "(18, 20, 22, 23, 24, 27, ...); did you mean 20?", "de")
    'Spiel 3: 19 ist kein Reizwert: gereizt werden die Werte, die ein Spiel haben kann (18, 20, 22, 23, 24, 27, ...); meintest du 20?'
    """  # noqa: E501
    if lang == "en" or not text:
        return text
    return _German().value(True, text, 0)[1]
