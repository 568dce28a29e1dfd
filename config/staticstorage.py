"""Static files named by their content once collected, and never a broken page without.

``collectstatic`` writes each file a second time under a name carrying a hash of its
content (``captain.4be1c2d9a0f3.css``) plus gzip and Brotli copies; WhiteNoise serves
those names with a ten-year cache, so a phone fetches a file once per release.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed storage; a file the last collectstatic did not see keeps its name.

    Code updated without a new ``collectstatic`` would otherwise fail every page that links
    a new file; WhiteNoise still serves it from the source folders under its plain name.
    """

    def stored_name(self, name: str) -> str:
        try:
            return super().stored_name(name)
        except ValueError:
            return name
