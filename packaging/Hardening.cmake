# The hardening flags Debian builds its packages with (dpkg-buildflags with hardening=+all): stack protector,
# fortified libc calls, format-string checks, read-only relocations bound at load time (relro, bindnow); PIE is
# the compiler's default. Not in sanitizer or fuzzing builds, and _FORTIFY_SOURCE only where the code is
# optimized (it needs it).
option(PERFGLASS_HARDENING "Build with Debian's hardening flags" ON)
if(PERFGLASS_HARDENING AND NOT PERFGLASS_SANITIZE AND NOT PERFGLASS_FUZZ)
  add_compile_options(-fstack-protector-strong -Wformat -Werror=format-security
    "$<$<NOT:$<CONFIG:Debug>>:-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2>")
  add_link_options(-Wl,-z,relro -Wl,-z,now)
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
endif()
