// The CTS's util library, oclmath and Catch2 are built before the categories; here each is this file.
int fake_cts_util() { return 0; }
