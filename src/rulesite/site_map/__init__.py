"""The site map: where every page, part and anchor lives. Below render, export
and check, which all read it; none of them decides where anything lives."""
