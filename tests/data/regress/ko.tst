# loadsgf paths are relative to this file's folder: ../ko.sgf is tests/data/ko.sgf.
loadsgf ../ko.sgf 9
1 captures white
#? [1]
2 is_legal black C8
#? [0]
3 list_stones white
#? [C9 B8 D8 C7]
# A numbered loadsgf is a test too: the whole main line, white to move after black's retake.
4 loadsgf ../ko.sgf
#? [white]
5 is_legal white B8
#? [0]
6 captures black
#? [1]
