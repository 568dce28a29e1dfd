"""The floor under the services and the disciplines: what both need and neither owns.

Errors with codes (:mod:`.errors`), text checks (:mod:`.text`), how numbers and money are
written (:mod:`.numbers`), the words of the draw methods (:mod:`.draw_methods`) and the
table of logged actions (:mod:`.actions`). Nothing here imports the models, the services,
the views or a discipline: docs/design.md, "Layers".
"""
