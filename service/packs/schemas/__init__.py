"""The JSON Schemas (draft 2020-12) of the data pack's files, one ``<part>.schema.json`` each, with the
definitions they share in ``common.schema.json``; read once at import by ``pack.files``."""
