# Hand-written grading cases for `tesuji regress` (tests/regress_runner.rs), answered by
# commands tesuji implements. Unnumbered commands are setup.
boardsize 9
clear_board
play black C3
play black D4
play white E5

# A plain pass, with a comment after the command.
1 is_legal black A1 # an empty point
#? [1]

# `*`: expected failure. Failing it is "failed", passing it is "PASSED".
2 is_legal black C3
#? [1]*
3 is_legal white A1
#? [1]*

# An unexpected failure: FAILED.
4 captures black
#? [1]

# Alternatives with awk's precedence. tesuji answers "D4 C3" here: [C3|D4] is ^C3|D4$,
# which rejects it, while [D4|C3] is ^D4|C3$, which accepts it (it starts with D4).
# A group makes the alternatives whole answers.
5 list_stones black
#? [C3|D4]
6 list_stones black
#? [D4|C3]
7 list_stones black
#? [(D4 C3|C3 D4)]
8 list_stones white
#? [F6|E5]

# Negation.
9 is_legal black C3
#? [!1]
10 is_legal black C3
#? [!0]

# Error answers fail whatever the pattern, negated or marked `*` included.
11 frobnicate
#? [.*]
12 frobnicate
#? [!1]
13 frobnicate
#? [unknown command]*
14 play black C3
#? [.*]

# `&`: ignored.
15 is_legal black A1
#? [0]&

# A pattern that does not compile is compared for equality.
16 list_stones white
#? [E5(]

# An empty answer.
17 clear_board
#? []
18 list_stones black
#? []
