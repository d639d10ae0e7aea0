"""What a build keeps in ``cache_dir`` to skip work: each only ever a shortcut to the same bytes.

Three caches, each valid only for the code that wrote it (a fingerprint of the modules
its contents depend on), each typed JSON (``files``), never a pickle:

* records (``records.RecordCache``): each item file's parse (item, issues; its extraction and
  term candidates loaded only when asked for), by the hash of the file's bytes;
* facts (``facts.FactsStore``): each item's assembled facts, reused while nothing they were
  built from changed (``kgsync.pipeline.cache.memo.AssemblyMemo``, ``kgsync.pipeline.cache.memo.context_key``);
* the vocabulary (``selection.SelectionStore``): the last selection and hub folding, reused when
  ``kgsync.vocabulary.unchanged.selection_unchanged`` proves that the items edited since cannot
  change them.

``read_memo.ReadMemo`` wraps the read stage in the record cache and the files trusted by stat.
Beside them, ``evidence_texts.EvidenceTexts`` keeps what the evidence plan reads of each item, so
a no-op rebuild need not load every record's parts.  ``state`` holds the other shortcuts (files
trusted by stat, the committed graph as last written).  Only ``kgsync.pipeline`` imports this
package: no stage reads a cache.
"""
