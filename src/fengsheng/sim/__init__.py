"""Playing games between bots: one game (:mod:`fengsheng.sim.runner`) and many (:mod:`fengsheng.sim.simulate`)."""
