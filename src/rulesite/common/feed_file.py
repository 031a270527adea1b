"""The change feed's file and namespace, which render writes (render/feed.py)
and check reads back (check/feed.py): below both stages."""

FEED = "feed.xml"  # at each language site's root
ATOM = "http://www.w3.org/2005/Atom"  # RFC 4287's namespace
