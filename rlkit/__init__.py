__version__ = "0.0.1"

import logging
# bitsandbytes warns at import, on CPUs with AVX512-BF16, that an optional faster 4-bit CPU kernel (the `kernels`
# package) is missing. Its own fallback runs instead, so the warning only confuses a first reading of every notebook's
# output. Quieted here, in the package's __init__, because it runs before any module of rlkit imports peft or
# bitsandbytes, whatever the order of their imports.
logging.getLogger("bitsandbytes.backends.cpu.ops").setLevel(logging.ERROR)
