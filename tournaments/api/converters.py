"""The API's path converters, registered on import (the API's and the disciplines' URLs)."""

from django.urls import register_converter


class SmallNumber:
    """A round, table or start number: at most 9 digits, so no lookup overflows a column
    (a longer number matches no URL and is a plain 404)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(SmallNumber, "api_number")
