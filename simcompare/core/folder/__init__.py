"""A folder of files: listing, the scan and its process pool, the cache, the session, the cleaner and its actions."""
