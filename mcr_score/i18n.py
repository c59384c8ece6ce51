"""Words of the referee view in English, French and Chinese.

Fan names come from the fan table (`fans/table.py`: the French names are those of the seed list,
the Chinese those of the 1998 rulebook), so they are not repeated here. This module holds the
sentences around them, keyed by a message id, and the translation of error messages: the
explanation data (`explain.py`) carries only ids and codes, so its JSON is the same in every
language and only the text rendering depends on `--lang`.

French follows the seed's vocabulary: a fan is a « combinaison », a chow, pung or kong a « figure ».
Chinese uses the rulebook's terms (不重复、不拆移、不得相同、套算一次, 错和 for a false Hu).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from .fans.table import FANS

LANGS = ("en", "fr", "zh")
DEFAULT_LANG = "en"


def language_from_env(env: Mapping[str, str] | None = None) -> str:
    """The language named by `LANG` (`fr_FR.UTF-8` -> fr, `zh_CN` -> zh), English otherwise."""
    value = (os.environ if env is None else env).get("LANG", "")
    code = value.split(".")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGS else DEFAULT_LANG


def fan_names(fan_id: int) -> dict[str, str]:
    """The three names of a fan, as the JSON carries them."""
    fan = FANS[fan_id]
    return {"en": fan.en, "fr": fan.fr, "zh": fan.zh}


def fan_name(fan_id: int, lang: str) -> str:
    return fan_names(fan_id)[lang]


MESSAGES: dict[str, dict[str, str]] = {
    # ---- section headings ----
    "h.verdict": {"en": "Verdict", "fr": "Verdict", "zh": "裁定"},
    "h.arrangement": {"en": "Arrangement: {form}", "fr": "Disposition : {form}", "zh": "牌型：{form}"},
    "h.fans": {"en": "Fans counted", "fr": "Combinaisons comptées", "zh": "计番"},
    "h.not_counted": {"en": "Found but not counted", "fr": "Trouvées mais non comptées", "zh": "不计的番种"},
    "h.alternatives": {"en": "Other arrangements of the same tiles", "fr": "Autres dispositions des mêmes tuiles",
                       "zh": "同一手牌的其他组合"},
    "h.situation": {"en": "Situation checks", "fr": "Vérification de la situation", "zh": "和牌情况检查"},
    "h.payments": {"en": "Payments", "fr": "Paiements", "zh": "支付"},
    "rules": {"en": "rules: {rules}", "fr": "règles : {rules}", "zh": "规则：{rules}"},
    # ---- verdict ----
    "v.win": {"en": "Winning hand (Hu): {total} points = {points} from fans + {flowers} for flowers.",
              "fr": "Main gagnante (Hu) : {total} points = {points} de combinaisons + {flowers} de fleurs.",
              "zh": "和牌：共{total}番 = 番种{points}番 + 花牌{flowers}番。"},
    "v.min_ok": {"en": "Reaches the 8-point minimum without flowers ({points} ≥ 8): a valid Hu.",
                 "fr": "Atteint le minimum de 8 points sans les fleurs ({points} ≥ 8) : Hu valide.",
                 "zh": "不计花牌已达8番起和（{points} ≥ 8）：和牌有效。"},
    "v.min_short": {"en": "Below the 8-point minimum: {points} without flowers, {short} short. This is a false Hu.",
                    "fr": "En dessous du minimum de 8 points : {points} sans les fleurs, il en manque {short}. "
                          "C’est un faux Hu.",
                    "zh": "未达8番起和：不计花牌只有{points}番，差{short}番。这是错和。"},
    "v.flowers_aside": {"en": "Flowers ({flowers}) never count toward the 8.",
                        "fr": "Les fleurs ({flowers}) ne comptent jamais pour les 8 points.",
                        "zh": "花牌（{flowers}番）不计入8番起和。"},
    "v.not_winning": {"en": "Not a winning hand: {reason}. A Hu declared on it is a false Hu.",
                      "fr": "Ce n’est pas une main gagnante : {reason}. Un Hu annoncé avec elle est un faux Hu.",
                      "zh": "不是和牌：{reason}。以此和牌即为错和。"},
    "reason.waiting": {"en": "13 tiles, a waiting hand without its winning tile",
                       "fr": "13 tuiles, une main en attente sans sa tuile gagnante",
                       "zh": "只有13张牌，是听牌，没有和张"},
    "reason.no-shape": {"en": "the tiles form no winning shape", "fr": "les tuiles ne forment aucune main complète",
                        "zh": "牌张组不成和牌牌型"},
    # ---- arrangement ----
    "form.standard": {"en": "four sets and a pair", "fr": "quatre figures et une paire", "zh": "基本和型（四副一将）"},
    "form.seven-pairs": {"en": "seven pairs", "fr": "sept paires", "zh": "七对"},
    "form.thirteen-orphans": {"en": "thirteen orphans", "fr": "treize orphelins", "zh": "十三幺"},
    "form.honors-and-knitted": {"en": "honors and knitted tiles", "fr": "honneurs et tuiles serpentin",
                                "zh": "全不靠"},
    "form.knitted-straight": {"en": "knitted straight, a set and a pair",
                              "fr": "suite serpentin, une figure et une paire", "zh": "组合龙加一副一将"},
    "kind.chow": {"en": "chow", "fr": "chow", "zh": "顺子"},
    "kind.pung": {"en": "pung", "fr": "pung", "zh": "刻子"},
    "kind.kong": {"en": "kong", "fr": "kong", "zh": "杠"},
    "kind.pair": {"en": "pair", "fr": "paire", "zh": "将"},
    "kind.knitted": {"en": "knitted", "fr": "serpentin", "zh": "组合龙"},
    "kind.single": {"en": "singles", "fr": "isolées", "zh": "单张"},
    "state.declared-exposed": {"en": "declared, exposed", "fr": "annoncé, exposé", "zh": "已副露（明）"},
    "state.declared-concealed": {"en": "declared concealed kong", "fr": "kong caché annoncé", "zh": "暗杠"},
    "state.concealed": {"en": "concealed", "fr": "caché", "zh": "门内（暗）"},
    "state.completed-by-discard": {"en": "completed by the discard: counts as exposed",
                                   "fr": "complété par la défausse : compte comme exposé",
                                   "zh": "和他人打出的牌成刻：算明刻"},
    "who.left": {"en": "left", "fr": "de gauche", "zh": "上家"},
    "who.opposite": {"en": "opposite", "fr": "d’en face", "zh": "对家"},
    "who.right": {"en": "right", "fr": "de droite", "zh": "下家"},
    "claim.chow": {"en": "{tile} claimed from the left player", "fr": "{tile} pris au joueur de gauche",
                   "zh": "吃上家的{tile}"},
    "claim.pung": {"en": "claimed from the {who} player", "fr": "pris au joueur {who}", "zh": "碰{who}"},
    "claim.kong": {"en": "claimed from the {who} player", "fr": "pris au joueur {who}", "zh": "明杠{who}"},
    "claim.promoted": {"en": "added to a pung claimed from the {who} player",
                       "fr": "ajouté à un pung pris au joueur {who}", "zh": "碰{who}后加杠"},
    "winning_tile": {"en": "winning tile {tile}", "fr": "tuile gagnante {tile}", "zh": "和张{tile}"},
    # ---- fans ----
    "col.no": {"en": "no.", "fr": "n°", "zh": "编号"},
    "col.fan": {"en": "fan", "fr": "combinaison", "zh": "番种"},
    "col.points": {"en": "points", "fr": "points", "zh": "番数"},
    "col.count": {"en": "count", "fr": "fois", "zh": "次数"},
    "col.sets": {"en": "sets used", "fr": "figures utilisées", "zh": "所用牌组"},
    "col.excludes": {"en": "excludes", "fr": "exclut", "zh": "不计"},
    "fans.sum": {"en": "Fans {points} + flowers {flowers} = {total}.",
                 "fr": "Combinaisons {points} + fleurs {flowers} = {total}.",
                 "zh": "番种{points} + 花牌{flowers} = {total}。"},
    "fans.none": {"en": "None.", "fr": "Aucune.", "zh": "无。"},
    # ---- not counted: one sentence per principle ----
    "nc.implied": {"en": "{fan}{on} is not counted: it is implied by {by} (non-repeat).",
                   "fr": "{fan}{on} : non comptée, car impliquée par {by} (principe de non-répétition).",
                   "zh": "{fan}{on}不计：已含于{by}（不重复原则）。"},
    "nc.same-set": {"en": "{fan}{on} is not counted: {by} already uses {sets} (the same set is not counted again).",
                    "fr": "{fan}{on} : non comptée, {by} utilise déjà {sets} "
                          "(une même figure ne compte pas deux fois).",
                    "zh": "{fan}{on}不计：{by}已用到{sets}（同一副牌不重复计番）。"},
    "nc.non-separation": {"en": "{fan} is not counted: {by} already uses {sets} (non-separation).",
                          "fr": "{fan} : non comptée, {by} utilise déjà {sets} (principe de non-séparation).",
                          "zh": "{fan}不计：{by}已用到{sets}（不拆移原则）。"},
    "nc.non-identical": {"en": "{fan}{on} is not counted: {shared} already forms {by} with {partner} "
                               "(non-identical: a set serves the same fan only once).",
                         "fr": "{fan}{on} : non comptée, {shared} forme déjà {by} avec {partner} "
                               "(principe de non-identité : une figure ne sert qu’une fois la même combinaison).",
                         "zh": "{fan}{on}不计：{shared}已与{partner}组成{by}（不得相同原则）。"},
    "nc.account-once": {"en": "{fan}{on} is not counted: {shared} is already combined in {by} ({by_sets}); "
                              "a set already used combines only once more (account-once).",
                        "fr": "{fan}{on} : non comptée, {shared} est déjà combinée dans {by} ({by_sets}) ; "
                              "une figure déjà utilisée ne se combine qu’une fois de plus (principe du compte unique).",
                        "zh": "{fan}{on}不计：{shared}已在{by}（{by_sets}）中组合过（套算一次原则）。"},
    "nc.account-once-any": {"en": "{fan}{on} is not counted: its sets are already combined in the counted fans "
                                  "(account-once).",
                            "fr": "{fan}{on} : non comptée, ses figures sont déjà combinées dans les combinaisons "
                                  "comptées (principe du compte unique).",
                            "zh": "{fan}{on}不计：所用牌组已在其他番种中组合过（套算一次原则）。"},
    "and": {"en": " and ", "fr": " et ", "zh": "和"},
    # ---- alternatives ----
    "alt.none": {"en": "None: these tiles form this arrangement only.",
                 "fr": "Aucune : ces tuiles ne forment que cette disposition.",
                 "zh": "无：这手牌只有这一种组合。"},
    "alt.lower": {"en": "{points} points, {diff} fewer", "fr": "{points} points, {diff} de moins",
                  "zh": "{points}番，少{diff}番"},
    "alt.tie": {"en": "{points} points, the same: the chosen arrangement wins the tie-break "
                      "(Pure Triple Chow, Triple Pung, Middle Tiles or All Fives first, then the first reading)",
                "fr": "{points} points, autant : la disposition retenue l’emporte au départage "
                      "(d’abord Triple chows purs, Triple pungs, Les trois milieux ou Cinq partout, "
                      "puis la première lecture)",
                "zh": "{points}番，相同：按规则优先（先一色三同顺、三同刻、全中、全带五，再取第一种）"},
    # ---- situation checks ----
    "status.ok": {"en": "ok", "fr": "ok", "zh": "通过"},
    "status.inferred": {"en": "inferred", "fr": "déduit", "zh": "推定"},
    "status.note": {"en": "note", "fr": "note", "zh": "注意"},
    "status.rejected": {"en": "rejected", "fr": "rejeté", "zh": "不成立"},
    "sit.self_drawn": {"en": "Self-drawn.", "fr": "Tiré soi-même.", "zh": "自摸。"},
    "sit.discard": {"en": "Won on a discard; the discarder is not named (give it with --from).",
                    "fr": "Gagné sur une défausse ; le joueur qui a défaussé n’est pas indiqué (--from).",
                    "zh": "点和；未指明点炮者（用 --from 指定）。"},
    "sit.discard_from": {"en": "Won on a discard from {seat}.", "fr": "Gagné sur une défausse de {seat}.",
                         "zh": "和{seat}打出的牌。"},
    "sit.winds": {"en": "Prevalent wind {prevalent}, seat wind {seat}.",
                  "fr": "Vent dominant {prevalent}, vent du joueur {seat}.",
                  "zh": "圈风{prevalent}，门风{seat}。"},
    "sit.last_copy_inferred": {"en": "Last copy inferred: the other three {tile} are in your {melds}.",
                               "fr": "Dernière tuile existante déduite : les trois autres {tile} sont dans "
                                     "votre {melds}.",
                               "zh": "推定和绝张：另外三张{tile}都在你的{melds}里。"},
    "sit.last_copy_declared": {"en": "Last copy (绝张) declared for {tile}: no other {tile} stands in the hand, "
                                     "{in_melds} in your melds; the rest must be visible on the table.",
                               "fr": "Dernière tuile existante (绝张) annoncée pour {tile} : aucun autre {tile} "
                                     "dans la main, {in_melds} dans vos figures ; les autres doivent être visibles "
                                     "sur la table.",
                               "zh": "声明和绝张{tile}：手中没有其他{tile}，副露中有{in_melds}张；其余须在桌面上可见。"},
    "sit.wall_last_self": {"en": "Last tile of the wall, self-drawn: Last Tile Draw (44).",
                           "fr": "Dernière tuile du mur, tirée soi-même : Dernière tuile tirée (44).",
                           "zh": "摸到牌墙最后一张自摸：妙手回春（44）。"},
    "sit.wall_last_discard": {"en": "Won on the discard after the last tile of the wall: Last Tile Claim (45).",
                              "fr": "Gagné sur la défausse après la dernière tuile du mur : Dernière tuile "
                                    "jetée (45).",
                              "zh": "和牌墙最后一张牌打出的牌：海底捞月（45）。"},
    "sit.replacement": {"en": "Won on a kong replacement tile: the declared kong {sets} allows it "
                              "(Out with Replacement Tile, 46).",
                        "fr": "Gagné sur la tuile de remplacement d’un kong : le kong annoncé {sets} le permet "
                              "(Finir sur kong, 46).",
                        "zh": "杠上开花：已开杠{sets}，成立（46）。"},
    "sit.robbing": {"en": "Robbing the kong on {tile}: no other {tile} in the hand (the other three are in the "
                          "robbed kong); the player whose kong was robbed pays as the discarder.",
                    "fr": "Kong volé sur {tile} : aucun autre {tile} dans la main (les trois autres sont dans le "
                          "kong volé) ; le joueur dont le kong est volé paie comme celui qui défausse.",
                    "zh": "抢杠和{tile}：手中没有其他{tile}（另外三张在被抢的杠里）；被抢杠者按点炮者支付。"},
    "sit.flowers": {"en": "{n} flower(s){letters}: +{n} to the total, never toward the 8.",
                    "fr": "{n} fleur(s){letters} : +{n} au total, jamais pour les 8 points.",
                    "zh": "花牌{n}张{letters}：总分加{n}番，不计入8番起和。"},
    "seat.E": {"en": "East", "fr": "Est", "zh": "东"},
    "seat.S": {"en": "South", "fr": "Sud", "zh": "南"},
    "seat.W": {"en": "West", "fr": "Ouest", "zh": "西"},
    "seat.N": {"en": "North", "fr": "Nord", "zh": "北"},
    # ---- payments ----
    "pay.discard": {"en": "Won on a discard: the discarder pays 8 + {total} = {big}; each of the two others pays 8.",
                    "fr": "Gagné sur une défausse : celui qui a défaussé paie 8 + {total} = {big} ; les deux "
                          "autres paient 8 chacun.",
                    "zh": "点和：点炮者付8 + {total} = {big}，另外两家各付8。"},
    "pay.robbing": {"en": "Robbing the kong: the player whose kong was robbed pays 8 + {total} = {big}; each of "
                          "the two others pays 8.",
                    "fr": "Kong volé : le joueur dont le kong est volé paie 8 + {total} = {big} ; les deux autres "
                          "paient 8 chacun.",
                    "zh": "抢杠和：被抢杠者付8 + {total} = {big}，另外两家各付8。"},
    "pay.self": {"en": "Self-drawn: each of the three others pays 8 + {total} = {big}.",
                 "fr": "Tiré soi-même : chacun des trois autres paie 8 + {total} = {big}.",
                 "zh": "自摸：其他三家各付8 + {total} = {big}。"},
    "pay.row": {"en": "{seat}, {role}: pays {amount}", "fr": "{seat}, {role} : paie {amount}",
                "zh": "{seat}，{role}，付{amount}"},
    "pay.row_seat": {"en": "{seat}: pays {amount}", "fr": "{seat} : paie {amount}", "zh": "{seat}付{amount}"},
    "pay.row_unnamed": {"en": "{role}: pays {amount}", "fr": "{role} : paie {amount}", "zh": "{role}付{amount}"},
    "role.discarder": {"en": "discarder", "fr": "celui qui a défaussé", "zh": "点炮者"},
    "role.robbed": {"en": "kong robbed", "fr": "dont le kong est volé", "zh": "被抢杠者"},
    "role.other": {"en": "other player", "fr": "autre joueur", "zh": "其他玩家"},
    "pay.receives": {"en": "The winner, {seat}, receives {sum} = {parts}.",
                     "fr": "Le gagnant, {seat}, reçoit {sum} = {parts}.",
                     "zh": "和牌者{seat}共收{sum} = {parts}。"},
    "pay.false_hu": {"en": "No payment: the hand is a false Hu (below the 8-point minimum without flowers); "
                           "the rules penalise a false Hu.",
                     "fr": "Aucun paiement : la main est un faux Hu (moins de 8 points sans les fleurs) ; "
                           "les règles pénalisent un faux Hu.",
                     "zh": "不支付：此牌不计花牌未达8番，为错和；错和按规则处罚。"},
    "pay.not_winning": {"en": "No payment: not a winning hand; a Hu declared on it is a false Hu, which the rules "
                              "penalise.",
                        "fr": "Aucun paiement : ce n’est pas une main gagnante ; un Hu annoncé avec elle est un "
                              "faux Hu, que les règles pénalisent.",
                        "zh": "不支付：不是和牌；以此和牌为错和，按规则处罚。"},
    # ---- rejected hands ----
    "rejected": {"en": "The hand or its situation is impossible: nothing is scored and nobody pays.",
                 "fr": "La main ou sa situation est impossible : rien n’est compté et personne ne paie.",
                 "zh": "手牌或和牌情况不可能成立：不计番，不支付。"},
    "column": {"en": "column {n}", "fr": "colonne {n}", "zh": "第{n}列"},
    # ---- fan table ----
    "fan.points": {"en": "Points", "fr": "Points", "zh": "番数"},
    "fan.definition": {"en": "Definition (English)", "fr": "Définition (en anglais)", "zh": "定义（英文）"},
    "fan.source": {"en": "Source", "fr": "Source", "zh": "出处"},
    "fan.excludes": {"en": "Not counted with it", "fr": "Non comptées avec elle", "zh": "不计"},
    "fan.excludes_own": {"en": "Not counted on its own sets", "fr": "Non comptées sur ses propres figures",
                         "zh": "其所用牌组不再计"},
    "fan.excludes_one": {"en": "Absorbs one instance of", "fr": "Absorbe une fois", "zh": "少计一次"},
    "fan.excluded_by": {"en": "Not counted when one of these counts",
                        "fr": "Non comptée quand l’une de celles-ci compte", "zh": "以下番种成立时不计"},
    "fan.own": {"en": "own", "fr": "propres", "zh": "本组"},
    "fan.example": {"en": "Example", "fr": "Exemple", "zh": "例牌"},
    "fan.not_in_profile": {"en": "(not in the {rules} profile: example scored under {used})",
                           "fr": "(absente du profil {rules} : exemple compté en {used})",
                           "zh": "（{rules}规则无此番：例牌按{used}计）"},
    "none": {"en": "none", "fr": "aucune", "zh": "无"},
}


def text(key: str, lang: str, **values) -> str:
    """The message `key` in `lang`, filled with `values`."""
    return MESSAGES[key][lang].format(**values)


def seat(wind: str, lang: str) -> str:
    return text(f"seat.{wind}", lang)


def join_and(items: list[str], lang: str) -> str:
    """`a, b and c` in the language (the Chinese list separator is 、)."""
    if len(items) <= 1:
        return "".join(items)
    sep = "、" if lang == "zh" else ", "
    return sep.join(items[:-1]) + text("and", lang) + items[-1]


# ---- error messages -------------------------------------------------------------------------

ERROR_HEADS: dict[str, dict[str, str]] = {
    "notation": {"fr": "notation", "zh": "记法错误"},
    "illegal-character": {"fr": "caractère interdit", "zh": "非法字符"},
    "missing-suit": {"fr": "famille manquante", "zh": "缺少花色"},
    "bad-tile": {"fr": "tuile inconnue", "zh": "无此牌"},
    "unclosed-meld": {"fr": "figure non fermée", "zh": "副露缺少右括号"},
    "bad-meld": {"fr": "figure invalide", "zh": "副露无效"},
    "bad-claim": {"fr": "chiffre de prise invalide", "zh": "吃碰来源数字无效"},
    "bad-situation": {"fr": "situation mal écrite", "zh": "和牌情况写法错误"},
    "syntax": {"fr": "syntaxe", "zh": "语法错误"},
    "bad-hand": {"fr": "main impossible", "zh": "手牌不可能"},
    "too-many-copies": {"fr": "trop d’exemplaires", "zh": "牌张超过4张"},
    "tile-count": {"fr": "nombre de tuiles", "zh": "牌数错误"},
    "too-many-melds": {"fr": "trop de figures", "zh": "副露过多"},
    "flowers": {"fr": "fleurs", "zh": "花牌"},
    "impossible-situation": {"fr": "situation impossible", "zh": "和牌情况不可能"},
}

# Messages of `hand.check_hand`, `cli.apply_situation` and `explain`, matched whole; the groups
# are tiles or numbers, copied into the translation.
ERROR_MESSAGES: tuple[tuple[re.Pattern, dict[str, str]], ...] = tuple((re.compile(p), t) for p, t in (
    (r"robbing the kong on (\S+), yet the hand holds another \1: the other three are in the robbed kong",
     {"fr": "vol du kong sur {0}, mais la main contient un autre {0} : les trois autres sont dans le kong volé",
      "zh": "抢杠和{0}，但手中还有一张{0}：另外三张应在被抢的杠里"}),
    (r"robbing the kong on the last tile of the wall: no kong may be made with the last tile",
     {"fr": "kong volé sur la dernière tuile du mur : aucun kong ne peut se faire avec la dernière tuile",
      "zh": "抢杠和不可能发生在最后一张牌：最后一张牌不能开杠"}),
    (r"a win on a kong replacement tile needs a declared kong",
     {"fr": "finir sur la tuile de remplacement d’un kong exige un kong annoncé",
      "zh": "杠上开花需要已开的杠"}),
    (r"last copy \(绝张\) claimed for (\S+), but another \1 is among the standing tiles",
     {"fr": "dernière tuile existante (绝张) annoncée pour {0}, mais un autre {0} est dans la main",
      "zh": "声明和绝张{0}，但手中还有一张{0}"}),
    (r"--robbing-kong with --self-drawn: a robbed kong is claimed like a discard",
     {"fr": "--robbing-kong avec --self-drawn : un kong volé se prend comme une défausse",
      "zh": "--robbing-kong 与 --self-drawn 矛盾：抢杠和按点和处理"}),
    (r"--replacement with --discard: a replacement tile is drawn",
     {"fr": "--replacement avec --discard : la tuile de remplacement est tirée",
      "zh": "--replacement 与 --discard 矛盾：杠上开花的牌是摸来的"}),
    (r"--robbing-kong with --replacement: a win is one or the other",
     {"fr": "--robbing-kong avec --replacement : une victoire est l’un ou l’autre",
      "zh": "--robbing-kong 与 --replacement 矛盾：只能是其中之一"}),
    (r"--from (\S+): a self-drawn hand has no discarder",
     {"fr": "--from {0} : une main tirée soi-même n’a pas de joueur qui défausse",
      "zh": "--from {0}：自摸和没有点炮者"}),
    (r"--from (\S+) is the winner's own seat wind",
     {"fr": "--from {0} est le vent du gagnant lui-même", "zh": "--from {0} 是和牌者自己的门风"}),
    (r"(\d+) copies of (\S+); there are only 4",
     {"fr": "{0} exemplaires de {1} ; il n’y en a que 4", "zh": "{1}共{0}张；每种牌只有4张"}),
    (r"(\d+) flowers; there are only 8", {"fr": "{0} fleurs ; il n’y en a que 8", "zh": "花牌{0}张；花牌只有8张"}),
))


def error_head(code: str, lang: str) -> str:
    """The error code as a reader's label; English keeps the stable code itself."""
    if lang == "en":
        return code
    return ERROR_HEADS.get(code, {}).get(lang, code)


def error_message(message: str, lang: str) -> str:
    """A known error message in `lang`; an unknown one stays in English."""
    if lang == "en":
        return message
    for pattern, translations in ERROR_MESSAGES:
        m = pattern.fullmatch(message)
        if m:
            return translations[lang].format(*m.groups())
    return message
