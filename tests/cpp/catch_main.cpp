// The only file that instantiates Catch2's main: its header is slow to compile, so it is built once.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
