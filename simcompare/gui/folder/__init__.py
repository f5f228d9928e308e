"""The Folder page: scan a folder, its groups as a tree, and the cleaner's actions."""
