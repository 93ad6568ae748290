# SPDX-License-Identifier: MIT
# Fails when the .ts file TS holds untranslated ("unfinished") messages, naming the first few.
file(READ "${TS}" ts)
string(REPLACE ";" "," ts "${ts}") # CMake lists split at semicolons
string(REGEX MATCHALL "<source>[^<]*</source>[ \n\r\t]*<translation type=\"unfinished\"" missing "${ts}")
list(LENGTH missing count)
if(count GREATER 0)
  list(SUBLIST missing 0 5 first)
  message(FATAL_ERROR "${TS}: ${count} untranslated message(s), e.g. ${first}")
endif()
message(STATUS "${TS}: every message is translated")
