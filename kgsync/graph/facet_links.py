"""An item's links to the ideas its bucket themes name (``kgsync.vocabulary.facets``).

A bucket theme ("security-risk") is no node, but each idea its Scope column names ("adversarial
attacks") is one: an item that carries the bucket and addresses the idea (``extract.topics.addresses``:
three mentions in its text, one where it concludes; ``Extraction.addressed`` keeps the keys of what it
addresses) links that idea's node.  Like a theme's node the link takes no slot of the item's caps: the
maintainers' vocabulary, not the item's salience, says the idea matters.  A mined node of the same name
is the same node, of its kind (a mined ``method:fine-tuning`` stays a method); a mined name written as
an idea theme's variant stays that theme's (``mined_names_of_themes``).  The item's own record and the
vocabulary decide, nothing else: no other item's edit adds or drops the link.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from kgsync.contract.model import EntityType, RelationType, concept_name, item_name, method_name
from kgsync.extract.canonical import is_acronym, term_key
from kgsync.graph.facts_builder import FactsBuilder
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.economy import tag_observation
from kgsync.vocabulary.facets import Facet
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import TermKind, Vocabulary


def facet_links(builder: FactsBuilder, item: ResearchItem, addressed: Collection[str], themes: ThemeMap,
                vocabulary: Vocabulary, merged_into_theme: Mapping[str, str], linked: Collection[str]) -> list[str]:
    """Link the item to each facet of its bucket themes that it addresses (``addressed``: the keys,
    ``Extraction.addressed``), unless it links that node already (``linked``: its concepts and methods;
    the node still gets the facet's forms as aliases); the names linked, in order.  Each node carries the
    ``tag:`` of every bucket whose row names it, in the slug's own form, as a mined node the row names
    does (``ThemeMap.bucket_tags``)."""
    buckets = sorted({themes.canonicalise(t) for t in item.themes} & themes.facets.keys())
    if not buckets or not addressed:
        return []
    keys, source, out = frozenset(addressed), item_name(item.slug), []
    for bucket in buckets:
        for facet in themes.facets[bucket]:
            if facet.name in merged_into_theme or keys.isdisjoint(facet.keys):
                continue
            name, entity_type, relation = _node(facet, vocabulary, linked)
            if name in out:
                continue
            # The facet's words and tag whether or not the item links the node already (a mined term of
            # it): what the item writes of the node then never hangs on whether another item mines it.
            tags = sorted({bucket, *themes.bucket_tags(facet.name.replace("-", " "), facet.forms)})
            builder.entity(name, entity_type, *(f"alias:{a}" for a in _aliases(builder, name, facet)),
                           *(tag_observation(tag, "slug") for tag in tags))
            if name not in linked:
                builder.relate(source, relation, name)
                out.append(name)
    return out


def _node(facet: Facet, vocabulary: Vocabulary, linked: Collection[str]) -> tuple[str, EntityType, RelationType]:
    """The facet's node: the one of that name the item links already, else a mined term's of that
    name (the same node, of the term's kind), else the facet's own."""
    term = vocabulary.terms.get(facet.name)
    if concept_name(facet.name) in linked or method_name(facet.name) in linked:
        method = method_name(facet.name) in linked
    else:
        method = term.kind is TermKind.METHOD if term is not None else facet.method
    if method:
        return method_name(facet.name), EntityType.METHOD, RelationType.USES_METHOD
    return concept_name(facet.name), EntityType.CONCEPT, RelationType.ADDRESSES


def _aliases(builder: FactsBuilder, name: str, facet: Facet) -> list[str]:
    """The node's name with spaces, as the Scope writes it ("AI governance", "context windows"; the
    reference server's search is a substring test, and a query is typed with spaces), and the acronym
    the Scope writes for it ("MLOps"), each unless the item writes it already for the node, in any case
    ("Model Context Protocol")."""
    written = {o[len("alias:"):].casefold() for n, o in builder.observations if n == name and o.startswith("alias:")}
    words = facet.name.replace("-", " ")
    acronyms = [form for form in facet.forms if " " not in form and is_acronym(form)]
    spelled = [form for form, key in zip(facet.forms, facet.keys) if key == term_key(words) and form not in acronyms]
    wanted = [*(spelled or [words]), *acronyms]
    return [a for a in dict.fromkeys(wanted) if a.casefold() not in written]
