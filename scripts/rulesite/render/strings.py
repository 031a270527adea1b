"""Every piece of interface text the project generates, per language.

Pages take the language of their content: a Spanish section is labelled in
Spanish. The per-language sites of a later stage reuse the same table.
"""
from __future__ import annotations

STRINGS = {
    "en": {
        "rules": "Rules",
        "related-faq": "Related FAQ",
        "rulings": "Rulings",
        "walkthroughs": "Walkthroughs",
        "walkthrough": "Walkthrough",
        "ruling": "Ruling",
        "sequence": "Sequence",
        "nuances": "Nuances",
        "source": "Source",
        "sources": "Text from",
        "edition": "Last Updated",
        "undated": "undated",
        "excerpt": "excerpt",
        "cites": "Cites",
        "concerns": "Concerns",
        "cited-by": "Cited by",
        "not-in-sources": "Rule {number} is not in the sources of this site",
        "letters-restored": "The source page lost the subrule letters (a, b, c...): they were restored in order.",
        "link-to": "Link to {what}",
        "faq-answer": "FAQ answer",
        "steps": "Steps",
        "checked-against": "Checked against {document}, edition {edition}.",
        "quotes": "relies on",
        "nothing": "None yet.",
        "section": "Section",
    },
    "es": {
        "rules": "Reglas",
        "related-faq": "Preguntas frecuentes relacionadas",
        "rulings": "Resoluciones",
        "walkthroughs": "Ejemplos paso a paso",
        "walkthrough": "Ejemplo paso a paso",
        "ruling": "Resolución",
        "sequence": "Secuencia",
        "nuances": "Matices",
        "source": "Fuente",
        "sources": "Texto de",
        "edition": "Última actualización",
        "undated": "sin fecha",
        "excerpt": "extracto",
        "cites": "Cita",
        "concerns": "Trata de",
        "cited-by": "Citada por",
        "not-in-sources": "La regla {number} no está en las fuentes de este sitio",
        "letters-restored": "La página de origen perdió las letras de las subreglas (a, b, c...): se han restablecido en orden.",
        "link-to": "Enlace a {what}",
        "faq-answer": "Respuesta de las preguntas frecuentes",
        "steps": "Pasos",
        "checked-against": "Comprobado con {document}, edición {edition}.",
        "quotes": "se basa en",
        "nothing": "Nada todavía.",
        "section": "Sección",
    },
}


def t(language: str, key: str, **values: str) -> str:
    table = STRINGS.get(language, STRINGS["en"])
    return table.get(key, STRINGS["en"][key]).format(**values)
