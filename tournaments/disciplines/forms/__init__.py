"""Each discipline's result form (``FORM``), loaded by ``WebDiscipline.result_form``."""
