(;GM[1]FF[4]CA[UTF-8]AP[tesuji:0.1.0]SZ[4]KM[6.5])
