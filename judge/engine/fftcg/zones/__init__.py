"""Zones and payment: moving cards between zones (7), costs and CP (5.2.1, 11.2-11.7).
"""
