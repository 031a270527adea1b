"""Exports: an imported edition written back out in a plain, reusable form."""
