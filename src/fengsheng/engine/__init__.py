"""The shared machinery of every edition, split by job; :class:`fengsheng.game.Game` puts the pieces together.

* ``state.py``: the plain data of a game (seats, zones, the frame stack, the log, what each seat knows);
* ``machine.py``: the decision protocol (``decision``, ``act``, ``step``), the frame loop, and ``emit``, which logs
  an event, dispatches it to the rules listening for it and schedules the settling it needs (the one place where
  triggers and settling become frames);
* ``primitives.py``: the state changes rules share (draw, obtain, burn, kill, lose, flip …): each changes the state
  and emits its event, and never pushes a frame;
* ``index.py``: the rule index (which rules take part in which hook, per seat) and the questions the engine asks it
  (the options a seat has in a window, card conversions, permissions, draw count, declarations).

A decision travels one way: ``act`` -> the top frame's ``answer`` -> rules and primitives (which emit events) ->
the machine schedules triggers and settling -> the loop runs frames until one returns the next decision.
"""
