# Tests after the engine has gone are "missing".
1 is_legal black A1
#? [1]
2 quit
#? []
3 is_legal black A1
#? [1]
