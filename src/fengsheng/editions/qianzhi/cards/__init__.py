"""The 千智风声 card types that differ from the standard edition's, one module each (Q-CARD-*).

破譯, 截獲 and 識破 read the same as their standard counterparts in the respects the engine models and use the shared
handlers in ``fengsheng/cards/`` (docs/qianzhi.md says which standard rules they carry over and why). Every other type
has its own module here.
"""
