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
        "only-in": "This page exists only in {language}:",
        "equivalent": "The same rule in {language}: {link} ({edition}).",
        "translation-behind": "This text comes from another edition ({edition}) than the {language} text ({other}): it may be behind it.",
        "home-title": "Rules reference",
        "all-pages": "All {game} pages",
        "official-faq": "Official FAQ answers",
        "community-rulings": "Community rulings",
        "keyword-index": "Keyword index",
        "keyword": "Keyword",
        "also-linked": "Also linked",
        "not-in-sources-title": "References to rules not in the sources",
        "times-cited": "Times cited",
        "document": "Document",
        "language": "Language",
        "steps-count": "Steps",
        "cross-game": "Across games",
        "rule": "Rule",
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
        "only-in": "Esta página solo existe en {language}:",
        "equivalent": "La misma regla en {language}: {link} ({edition}).",
        "translation-behind": "Este texto procede de otra edición ({edition}) que el texto en {language} ({other}): puede estar desactualizado.",
        "home-title": "Referencia de reglas",
        "all-pages": "Todas las páginas de {game}",
        "official-faq": "Respuestas oficiales",
        "community-rulings": "Resoluciones de la comunidad",
        "keyword-index": "Índice de palabras clave",
        "keyword": "Palabra clave",
        "also-linked": "También enlazadas",
        "not-in-sources-title": "Referencias a reglas que no están en las fuentes",
        "times-cited": "Veces citada",
        "document": "Documento",
        "language": "Idioma",
        "steps-count": "Pasos",
        "cross-game": "Entre juegos",
        "rule": "Regla",
    },
}


LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français"}
# Language names as written inside a sentence of another language.
LANGUAGE_IN = {"en": {"en": "English", "es": "Spanish", "fr": "French"}, "es": {"en": "inglés", "es": "español", "fr": "francés"}}


def language_in(language: str, other: str) -> str:
    return LANGUAGE_IN.get(language, LANGUAGE_IN["en"]).get(other, other)


def t(language: str, key: str, /, **values: str) -> str:
    table = STRINGS.get(language, STRINGS["en"])
    return table.get(key, STRINGS["en"][key]).format(**values)
