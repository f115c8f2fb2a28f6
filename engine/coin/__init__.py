"""The series layer shared by the COIN games of The British Way (rules 1.4, 2, 3.1, 4.1, 5, 6, 7)."""
