"""Keywords that act on their own (Warp, Priming, 15.2).
"""
