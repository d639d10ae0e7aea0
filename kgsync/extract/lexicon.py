"""English word lists for term mining: what can start, end or be a term.

General English, not any one corpus: function words, common verbs and
adjectives, generic nouns that never name an idea on their own, and the
method-ish head nouns that decide concept vs method.  Corpus-specific noise
("artificial intelligence" in an AI corpus) is handled by the hub rule in
``vocab``, never by adding words here.  All words are term keys (lowercase,
singular, British "-ise" spelling) unless the comment says otherwise.
"""

from __future__ import annotations

import mimetypes
from functools import lru_cache

#: NLTK's English stopwords plus modal verbs and connective prepositions (the
#: same list the recall benchmark uses to cut query phrases, so mined terms and
#: query phrases break at the same words).
STOPWORDS = frozenset("""
i me my myself we our ours ourselves you you're you've you'll you'd your yours
yourself yourselves he him his himself she she's her hers herself it it's its
itself they them their theirs themselves what which who whom this that that'll
these those am is are was were be been being have has had having do does did
doing a an the and but if or because as until while of at by for with about
against between into through during before after above below to from up down
in out on off over under again further then once here there when where why how
all any both each few more most other some such no nor not only own same so
than too very s t can will just don don't should should've now d ll m o re ve
y ain aren aren't couldn couldn't didn didn't doesn doesn't hadn hadn't hasn
hasn't haven haven't isn isn't ma mightn mightn't mustn mustn't needn needn't
shan shan't shouldn shouldn't wasn wasn't weren weren't won won't wouldn
wouldn't
would could might must shall may also via versus vs etc eg ie whether within
without across among upon per toward towards yet
""".split())

#: Words that end a candidate phrase (raw lowercase surface words): verbs in
#: their inflected forms, adverbs, numbers, discourse words.  Base forms that
#: are also nouns ("use", "need", "support", "work") are not here.
BREAKERS = frozenset("""
uses used using makes made making provides provided providing shows showed shown showing
finds found needs needed requires required requiring includes included including allows allowed
allowing enables enabled enabling remains remained becomes became seems seemed appears appeared
suggests suggested indicates indicated gets got gives gave given takes took taken reduces reduced
improves improved increases increased achieves achieved produces produced creates created offers
offered outperforms outperformed exceeds exceeded depends relies relied helps helped lets holds
applies applied matters means meant leads led lacks lacked addresses addressed describes described
defines defined identifies identified establishes established demonstrates demonstrated confirms
confirmed reports reported states stated notes noted argues argued proposes proposed recommends
recommended remain become seem appear suggest indicate get give take reduce improve increase
achieve produce create offer outperform exceed depend rely help let hold apply lead lack describe
define identify establish demonstrate confirm argue propose recommend ensure ensures ensured
consider considered considers involve involves involved contain contains contained represent
represents represented occur occurs occurred exist exists existed emerge emerges emerged
like well even still already often however therefore thus rather instead though although
since unless whereas hence moreover furthermore additionally meanwhile otherwise namely
one two three four five six seven eight nine ten eleven twelve twenty hundred thousand million
billion first second third fourth fifth half dozen
can cannot et al
treating having being doing getting taking giving keeping letting putting seeing saying going coming
becoming trying asking telling leaving calling needing wanting adding ensuring avoiding reducing
preventing helping turning starting stopping applying producing achieving addressing defining
describing identifying establishing demonstrating confirming suggesting indicating relying depending
replacing removing
""".split())

#: Never the first word of a term (determiners, quantifiers, evaluative adjectives).
NOT_FIRST = frozenset("""
new key main current different various specific existing certain possible significant important
major additional similar particular relevant overall typical entire whole next previous recent
latest best better good great clear simple several many few more most less least much such own
same other another any every either neither last future past present given certain actual
appropriate available necessary sufficient effective useful valuable strong weak broad wide
narrow direct indirect explicit implicit complete partial total final initial early late
well-known so-called state-of-the-art high-level low-level real-world large-scale fine-grained
high-quality end-user top bottom proper true false correct incorrect right wrong easy hard full
difficult poor rich critical essential primary secondary basic advanced modern traditional
standard novel unique general common individual respective corresponding underlying
""".split())

#: Never the last word of a term: adjectives that cannot head a noun phrase,
#: and nouns too vague to end one ("way", "kind", "part").
NOT_LAST = frozenset("""
way thing lot kind sort part amount number example instance aspect fact respect regard extent
degree matter due able based related driven specific level scale wide like via
artificial natural general global local digital technical practical operational functional
structural conceptual empirical formal informal national internal external personal social
central final initial optimal minimal maximal normal causal temporal spatial visual virtual
actual mutual annual dual legal ethical financial commercial industrial educational computational
organisational organizational institutional professional traditional additional conditional
international experimental environmental fundamental incremental instrumental developmental
essential substantial sequential differential exponential residual contextual textual multimodal
agentic semantic specific generic dynamic static strategic systematic automatic economic academic
synthetic realistic holistic probabilistic deterministic symbolic scientific historic public
large small big long short high low new key main current open real true good bad best
existing emerging evolving ongoing remaining underlying following leading growing missing
increasing decreasing corresponding resulting surrounding upcoming outstanding interesting
promising competing prevailing pressing changing developing according regarding concerning
facing looking reaching consuming running moving ending breaking reinforcing improving lasting
standing oriented centric aware ready enabled assisted powered agnostic native cutting bearing
integrate operate evaluate automate validate generate facilitate accelerate demonstrate indicate
illustrate mitigate navigate negotiate orchestrate participate communicate collaborate coordinate
create calculate eliminate differentiate incorporate investigate motivate originate translate
activate allocate anticipate articulate compensate consolidate cultivate dominate educate elevate
emulate escalate formulate initiate isolate locate manipulate migrate necessitate populate propagate
regulate relate replicate simulate speculate terminate
""".split())

#: Single words that never name an idea on their own (any research corpus).
GENERIC = frozenset("""
system model approach framework method methodology data result analysis study process tool way use
case type level area issue question item research work paper finding evidence source information
example problem solution value output input task time cost quality performance design
architecture implementation application technology feature component structure pattern practice
strategy option factor element aspect context scope domain field topic concept idea term user
people team organisation company report review survey test step stage phase layer version number
set list table file document text content rule standard policy requirement goal benefit publication
limitation challenge gap trend change impact effect outcome evaluation assessment measure metric
score rate size scale support access control management development integration deployment
operation function service platform product project programme program need state point part
role form kind sort basis view order group class unit range rank list line page section note
detail summary overview introduction conclusion discussion recommendation decision action
activity effort attempt experience knowledge understanding insight lesson principle guideline
practice mechanism technique capability ability skill resource asset artefact object entity
instance sample population respondent participant author reader writer owner stakeholder
organisation industry sector market business customer client vendor provider partner community
world year month week day hour minute today tomorrow future past history background setting
environment situation condition circumstance scenario use-case purpose reason cause consequence
implication advantage disadvantage strength weakness opportunity threat risk confidence
uncertainty assumption hypothesis claim argument position perspective angle lens dimension
category criterion threshold limit boundary baseline target objective priority requirement
specification configuration parameter variable constant count total average mean median
percentage ratio proportion share fraction majority minority half whole rest remainder
""".split())

#: Head words (the term's last word) that make it a method.
METHOD_HEADS = frozenset("""
analysis assessment audit benchmark calibration classification clustering comparison decomposition
distillation estimation evaluation experiment extraction forecasting generation inference
interview measurement optimisation prompting ranking reranking regression retrieval review
sampling scoring search simulation survey synthesis testing training tuning validation
verification technique method methodology algorithm procedure heuristic triage annotation
labelling tokenisation chunking indexing caching pruning quantisation compression encoding
learning planning reasoning modelling mapping matching filtering parsing profiling monitoring
auditing benchmarking fine-tuning finetuning red-teaming teaming canonicalisation summarisation
visualisation normalisation deduplication augmentation ablation elicitation triangulation
coding tagging grading judging detection recognition resolution discovery attribution segmentation
translation transcription prediction
""".split())


def is_procedure_noun(word: str) -> bool:
    """A method head (``METHOD_HEADS``) that is no "-ing" form: the head that makes a theme's node, or a bucket
    theme's idea's, a method (``vocabulary.theme_words.method_themes``, ``vocabulary.facets``).  A gerund on the list
    ("reasoning", "learning") heads a capability or a field there ("llm-reasoning"), not a procedure one applies."""
    return word in METHOD_HEADS and not word.endswith("ing")

#: Participles that say how something is done ("test-driven", "business-led", "model-based"):
#: a noun before one makes an adjective, not a name.
MANNER = frozenset({"driven", "based", "guided", "assisted", "augmented", "led", "centred", "centered", "powered"})

#: -ing words that are things, not processes ("a meeting", "the embedding").
ING_NOUNS = frozenset("""
thing string building setting meeting finding heading warning offering opening ceiling wedding
morning evening clothing housing feeling being earning holding saving ring king spring wing
sibling pudding bedding nothing something anything everything ending embedding understanding
beginning drawing painting listing booking filing posting rating timing wording meaning
tooling computing coupling
""".split())

#: -ing words that name what the system studied falls into, not a procedure anyone applies
#: ("reward hacking", "catastrophic forgetting", "overfitting"): a phenomenon is a concept.
ING_EVENTS = frozenset("""
hacking gaming forgetting overfitting underfitting scheming sandbagging cheating drifting leaking
hallucinating confabulating misbehaving
""".split())

#: Ends in -ly but is a noun ("anomaly detection", "supply chain").
LY_NOUNS = frozenset("""
anomaly supply family assembly monopoly oligopoly reply ally rally italy july butterfly fly
jelly belly bully lily holly folly gully apply
""".split())

#: Ends in -ed but is a noun ("embed", "speed").
ED_NOUNS = frozenset("speed seed feed need breed creed greed weed bleed steed hundred embed shed bed red"
                     .split())

#: Ends like an adjective (-ive, -ic, -able, -al) but is a noun.
ADJ_SHAPED_NOUNS = frozenset("""
objective directive incentive initiative executive archive alternative narrative representative
derivative perspective imperative detective adjective relative native collective cooperative
explosive motive primitive prerogative conservative progressive operative
topic logic metric heuristic graphic clinic mechanic music traffic critic rhetoric arithmetic
epic republic tactic characteristic diagnostic analytic statistic classic mimic panic picnic
variable deliverable table cable label vegetable constable timetable
retrieval proposal approval signal portal journal tutorial manual terminal interval capital
material principal potential rival arrival removal renewal referral survival withdrawal denial
trial dial total animal hospital festival criminal official individual ritual appraisal disposal
reversal dismissal rehearsal recital burial tribunal canal metal crystal pedal petal medal rental
credential goal deal meal seal steal real journal arsenal cardinal chemical colonial editorial
""".split())

_ADJ_ENDINGS = ("ous", "ful", "less", "ical", "cial", "ive", "ible", "able", "ic", "ional", "ntal", "tial",
                "ual", "ural", "ary", "ent", "ant")
#: -ent/-ant/-ary nouns are common ("agent", "client", "assistant", "library").
_NOUN_ENDINGS_OK = frozenset("""
agent client assistant student component document environment experiment government management
requirement assessment measurement deployment development statement argument element moment
content context event incident patient segment investment treatment judgement judgment
alignment enforcement procurement recruitment fragment instrument department comment intent
parent talent consent percent amendment attachment commitment engagement employment equipment
entitlement establishment improvement involvement settlement achievement advancement replacement
enrolment payment placement shipment adjustment announcement appointment arrangement
embodiment endorsement entertainment excitement fulfilment installment instalment refinement
reinforcement retirement sentiment supplement tournament accountant applicant consultant
defendant descendant inhabitant lieutenant merchant participant peasant pheasant plant servant
tenant variant warrant grant restaurant giant elephant infant immigrant migrant occupant
informant claimant respondent resident president opponent proponent dependent adolescent
correspondent ingredient coefficient gradient continent accident
library summary glossary dictionary vocabulary boundary secretary salary beneficiary diary
dignitary itinerary anniversary commentary documentary inventory laboratory repository
directory territory category history memory theory factory story trajectory ontology
primary binary military dietary adversary emissary missionary
""".split()) | ADJ_SHAPED_NOUNS


@lru_cache(maxsize=100_000)
def looks_adjective(word: str) -> bool:
    """True for words shaped like adjectives ("autonomous", "agentic", "scalable")."""
    if word in NOT_LAST:
        return True
    if word in _NOUN_ENDINGS_OK or len(word) <= 4:
        return False
    return word.endswith(_ADJ_ENDINGS)


@lru_cache(maxsize=10_000)
def is_superlative(word: str) -> bool:
    """"highest", "largest", "biggest", "earliest": an evaluative adjective's superlative.
    Not "interest", "request", "forest": their stems are no adjectives."""
    if len(word) < 6 or not word.endswith("est"):
        return False
    stems = (word[:-3], word[:-2], word[:-4], word[:-4] + "y")  # high-est, larg-est, bigg-est, earli-est
    return any(stem in NOT_FIRST or stem in NOT_LAST or looks_adjective(stem) for stem in stems if len(stem) > 2)


def _media_subtype(media_type: str) -> str:
    """"application/vnd.ms-excel" -> "ms-excel", "image/svg+xml" -> "svg": the format's own name."""
    return media_type.split("/", 1)[1].removeprefix("x-").removeprefix("vnd.").split("+", 1)[0]


def _format_names() -> frozenset[str]:
    # The standard library's own table, not a list kept here: the media types ``mimetypes`` maps
    # file suffixes to (its built-in table: ``MimeTypes()`` reads no system file into it), by
    # their subtype ("JSON", "PDF", "CSV"; ".ai" is Adobe Illustrator's suffix, but its type is
    # "postscript", so "AI" is none).  A file format is plumbing an item mentions, not its subject.
    table = mimetypes.MimeTypes()
    return frozenset(name for strict in table.types_map for t in strict.values()
                     if (name := _media_subtype(t)).isalnum())


#: File formats by their short names (lowercase), from the standard library's media types.
FILE_FORMATS = _format_names()
