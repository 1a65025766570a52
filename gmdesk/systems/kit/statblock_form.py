"""A stat block's form as data (``GameSystem.stat_block_form``), built from the system's
``StatBlockSpec``: the window's generic sheet form renders it like any sheet form.

Every roll the system's blocks print is a number box; left empty it is "not printed" and the number
beside it is the one the block rolls with (the ability modifier, or Perception for a pf2 initiative).
"""

from __future__ import annotations

from gmdesk.engine.words import Word, french_thousands

from .damage import PER_ROUND_FIELD
from .form import Field, ListSection, by_label, Section, SheetSpec, get_path, header_section, modifiers_section, safe, set_path, signed
from .statblock import DICE, VALUE_RANGE, OpenCheck, StatBlock, StatBlockSpec

STAT_BLOCK = Word("Stat block", "Bloc de stats")
KIND = "stat_block"  # SheetSpec.kind of a stat block's form
ATTACK_KINDS = {"melee": Word("melee", "contact"), "ranged": Word("ranged", "distance"),
                "spell": Word("spell", "sort")}
EMPTY_TIP = Word("Leave it empty when the stat block does not print it: the number beside it is the one used.",
                 "Laissez vide si le bloc ne l’imprime pas\u202f: le nombre à côté est celui utilisé.")
MEANING = {"modifier": Word("modifiers", "modificateurs"), "score": Word("scores", "valeurs"),
           "rating": Word("ratings", "valeurs")}


def _shown(spec: StatBlockSpec, value: int | None) -> str | Word:
    if value is None:
        return "—"
    return Word(f"{value} dice", f"{value} dés") if spec.value == DICE else signed(value)


def _open_rows(o: OpenCheck):
    def read(d: dict) -> list[dict]:
        return [{"name": k[len(o.prefix):], "value": v} for k, v in (d.get("checks") or {}).items()
                if k.startswith(o.prefix)]

    def write(d: dict, rows: list[dict]) -> dict:
        checks = {k: v for k, v in (d.get("checks") or {}).items() if not k.startswith(o.prefix)}
        for row in rows:
            checks[o.prefix + str(row["name"])] = row["value"]
        return set_path(d, ("checks",), checks)

    return read, write


def _free(taken, base: str) -> str:
    taken = set(taken)
    name, n = base, 2
    while name in taken:
        name, n = f"{base} {n}", n + 1
    return name


def stat_block_form(spec: StatBlockSpec, lang: str = "en") -> SheetSpec:
    """The form of ``spec``'s stat blocks in ``lang``."""
    lo, hi = VALUE_RANGE[spec.value]
    head: list[Field] = []
    if spec.level_range is not None:
        head.append(Field(("level",), Word("Level", "Niveau"), "int", *spec.level_range))
    head.append(Field(("challenge",), Word("Challenge (as printed)", "Puissance (telle qu’imprimée)"), "text"))
    ability_derived = (lambda k: (lambda s: safe(lambda: s.ability_modifier(k)))) if spec.ability_meaning == "score" \
        else (lambda k: None)
    head += [Field(("abilities", k), label, "int", *spec.ability_range, derived=ability_derived(k))
             for k, label in spec.abilities]
    fields = [Field(("checks", c.key), c.label, "opt_int", lo, hi, tip=EMPTY_TIP,
                    derived=lambda s, key=c.key: safe(lambda: _shown(spec, s.value(key))))
              for c in spec.checks]
    # Skills in the alphabetical order of the GM's language, where the spec lists them.
    skills = [i for i, c in enumerate(spec.checks) if c.ref.kind == "skill"]
    if skills:
        fields[skills[0]:skills[-1] + 1] = by_label(fields[skills[0]:skills[-1] + 1], lang)
    checks = tuple(fields)
    numbers = tuple(
        Field(("numbers", n.key), n.label, "int" if n.default is not None else "opt_int", n.lo, n.hi,
              default=n.default)
        for n in spec.numbers)
    sections: list = [
        header_section(),
        Section(Word(f"Stat block: level and abilities ({MEANING[spec.ability_meaning].en})",
                     f"Bloc de stats : niveau et caractéristiques ({MEANING[spec.ability_meaning].fr})"),
                tuple(head), columns=2),
        Section(Word("Rolls as printed", "Jets tels qu’imprimés"), checks, columns=2),
    ]
    for o in spec.open_checks:
        read, write = _open_rows(o)
        sections.append(ListSection(
            o.label.filled(name="…"), ("checks",),
            (Field(("name",), Word("Name", "Nom"), "text"), Field(("value",), Word("Printed", "Imprimé"), "int", lo, hi)),
            new_item=lambda d, read=read: {"name": _free((r["name"] for r in read(d)), "?"), "value": 0},
            read=read, write=write,
            add_label=Word("Add one", "Ajouter")))
    if numbers:
        sections.append(Section(Word("Defences and other numbers", "Défenses et autres nombres"), numbers, columns=2))
    sections.append(ListSection(
        Word("Attacks as printed", "Attaques telles qu’imprimées"), ("attacks",),
        (Field(("name",), Word("Name", "Nom"), "text"),
         Field(("kind",), Word("Kind", "Type"), "choice",
               choices=tuple((k, ATTACK_KINDS.get(k, Word.same(k))) for k in spec.attack_kinds)),
         Field(("bonus",), Word("Dice", "Dés") if spec.value == DICE else Word("Bonus", "Bonus"), "int", lo, hi),
         Field(("damage",), Word("Damage", "Dégâts"), "text")) + ((PER_ROUND_FIELD,) if spec.damage_rounds else ()),
        new_item=lambda d: {"name": _free((a.get("name") for a in get_path(d, ("attacks",), []) or []), "?"),
                            "kind": spec.attack_kinds[0], "bonus": 0, "damage": ""},
        add_label=Word("Add an attack", "Ajouter une attaque")))
    if spec.damage_rounds:
        sections.append(_save_actions_section())
    sections.append(modifiers_section(default_kind="untyped"))
    return SheetSpec(spec.system, tuple(sections), summary=lambda s: _summary(spec, s), kind=KIND)


def _save_actions_section() -> ListSection:
    """A breath weapon and the like: the target saves, no attack roll; in the fight's odds only when
    the GM puts it in the round (its recharge is not in gmdesk's data)."""
    from .save_actions import MAX_DC

    return ListSection(
        Word("Actions with a save", "Actions avec un jet de sauvegarde"), ("save_actions",),
        (Field(("name",), Word("Name", "Nom"), "text"),
         Field(("save",), Word("Save", "Sauvegarde"), "text",
               tip=Word("The save the target rolls: dex, con, wis… (pf2: fortitude, reflex, will); its French "
                        "abbreviation or name is taken too (sag, Vigueur)",
                        "La sauvegarde que jette la cible, par sa clé\u202f: dex, con, wis… (pf2\u202f: fortitude, reflex, "
                        "will)\u202f; son abréviation ou son nom français aussi (sag, Vigueur)")),
         Field(("dc",), Word("DC", "DD"), "int", 1, MAX_DC),
         Field(("damage",), Word("Damage", "Dégâts"), "text"), PER_ROUND_FIELD),
        new_item=lambda d: {"name": _free((a.get("name") for a in get_path(d, ("save_actions",), []) or []), "?"),
                            "save": "dex", "dc": 10, "damage": ""},
        add_label=Word("Add an action with a save", "Ajouter une action avec sauvegarde"))


def _summary(spec: StatBlockSpec, s: StatBlock) -> list:
    return [(STAT_BLOCK, Word("numbers as printed", "nombres tels qu’imprimés"))] + [
        (n.label, _grouped(s.number(n.key))) for n in spec.numbers if s.number(n.key) is not None]


def _grouped(n: int) -> Word:
    """"XP 5,900", "PX 5 900": as the bestiary's card writes the same number."""
    return Word(f"{n:,}", french_thousands(f"{n:,}"))


def key_numbers(block: StatBlock) -> Word:
    """"AC 15 · Perception +5 · stat block": what the party list shows of a stat block."""
    spec = block.SPEC
    en, fr = [], []
    for key in spec.key_numbers:
        printed = spec.number_of(key)
        if printed is not None:
            value = block.number(key)
            if value is not None:
                en.append(f"{printed.label.en} {value}")
                fr.append(f"{printed.label.fr} {value}")
            continue
        value = block.value(key)
        if value is None:
            continue
        label = block.label(key)
        shown = _shown(spec, value)
        en.append(f"{label.en} {shown.en if isinstance(shown, Word) else shown}")
        fr.append(f"{label.fr} {shown.fr if isinstance(shown, Word) else shown}")
    en.append(STAT_BLOCK.en.lower())
    fr.append(STAT_BLOCK.fr.lower())
    return Word(" · ".join(en), " · ".join(fr))
