"""The card database the invented FFTCG sentences of these tests assume.

A Job, Category or card name written without markup ("Job Baker", "Card Name Gorbo") is read only
when the card database has it (judge/text/fftcg/names.py): these are the invented cards' names.
"""

from __future__ import annotations

from judge.text.fftcg.names import register

register(
    jobs=("Baker", "Miller", "Brewer", "Ranger", "Tidecaller", "Sky Knight", "Sky Baker", "Sentinel",
          "Royal Pastry Chef", "Keeper of Lanterns", "Knight", "Warden"),
    categories=("XX", "XXI", "XII"),
    names=("Gorbo", "Pell", "Zed", "Tolloc", "Orla", "Baker", "Tarrow", "Tarrow Vell", "Ixmeril",
           "Ixmeril (XVI)"),
)
