#include "annotate/Disassembler.h"

#include "base/Error.h"

#include <capstone/capstone.h>
#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>

#ifndef PERFGLASS_CAPSTONE_LIBRARY
#define PERFGLASS_CAPSTONE_LIBRARY "libcapstone.so.4"
#endif

namespace perfglass {

namespace {

// libcapstone is opened on first use, not linked: its 77,000 relative relocations (and the page copies they
// cause) cost every start of the program about 0.6 ms of CPU, and only annotation disassembles. Never closed.
struct Capstone {
    decltype(&cs_open) open = nullptr;
    decltype(&cs_close) close = nullptr;
    decltype(&cs_option) option = nullptr;
    decltype(&cs_malloc) allocate = nullptr;
    decltype(&cs_free) free = nullptr;
    decltype(&cs_disasm_iter) disassembleOne = nullptr;
    decltype(&cs_insn_group) inGroup = nullptr;
    decltype(&cs_version) version = nullptr;
    std::string error; // empty when loaded

    template <typename Function> void find(void *library, Function &function, const char *name) {
        function = reinterpret_cast<Function>(::dlsym(library, name));
        if (!function && error.empty()) error = std::string(PERFGLASS_CAPSTONE_LIBRARY) + " has no " + name;
    }
};

const Capstone &capstone() {
    static const Capstone loaded = [] {
        Capstone api;
        void *library = ::dlopen(PERFGLASS_CAPSTONE_LIBRARY, RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            const char *why = ::dlerror();
            api.error = why ? why : "cannot load " PERFGLASS_CAPSTONE_LIBRARY;
            return api;
        }
        api.find(library, api.open, "cs_open");
        api.find(library, api.close, "cs_close");
        api.find(library, api.option, "cs_option");
        api.find(library, api.allocate, "cs_malloc");
        api.find(library, api.free, "cs_free");
        api.find(library, api.disassembleOne, "cs_disasm_iter");
        api.find(library, api.inGroup, "cs_insn_group");
        api.find(library, api.version, "cs_version");
        return api;
    }();
    return loaded;
}

} // namespace

struct Disassembler::Handle {
    csh value = 0;
    cs_insn *scratch = nullptr;
    ~Handle() {
        if (scratch) capstone().free(scratch, 1);
        if (value) capstone().close(&value);
    }
};

Disassembler::Disassembler(AsmSyntax syntax)
    : handle_(std::make_unique<Handle>()) {
    const Capstone &api = capstone();
    if (!api.error.empty()) throw Error("capstone cannot be loaded: " + api.error);
    if (api.open(CS_ARCH_X86, CS_MODE_64, &handle_->value) != CS_ERR_OK)
        throw Error("capstone cannot disassemble x86-64 here");
    api.option(handle_->value, CS_OPT_SYNTAX,
               syntax == AsmSyntax::Att ? CS_OPT_SYNTAX_ATT : CS_OPT_SYNTAX_INTEL);
    api.option(handle_->value, CS_OPT_DETAIL, CS_OPT_ON);
    handle_->scratch = api.allocate(handle_->value);
}

Disassembler::~Disassembler() = default;

std::string Disassembler::version() {
    const Capstone &api = capstone();
    if (!api.error.empty()) return "unavailable";
    int major = 0, minor = 0;
    api.version(&major, &minor);
    return fmt::format("{}.{}", major, minor);
}

namespace {

BranchKind branchKind(csh handle, const cs_insn &insn) {
    const auto inGroup = capstone().inGroup;
    if (inGroup(handle, &insn, CS_GRP_CALL)) return BranchKind::Call;
    if (inGroup(handle, &insn, CS_GRP_RET)) return BranchKind::Return;
    if (!inGroup(handle, &insn, CS_GRP_JUMP)) return BranchKind::None;
    return insn.id == X86_INS_JMP || insn.id == X86_INS_LJMP ? BranchKind::Jump : BranchKind::ConditionalJump;
}

std::optional<uint64_t> directTarget(const cs_insn &insn) {
    const cs_x86 &x86 = insn.detail->x86;
    if (x86.op_count == 1 && x86.operands[0].type == X86_OP_IMM)
        return static_cast<uint64_t>(x86.operands[0].imm);
    return std::nullopt;
}

} // namespace

namespace {

// The first known instruction start after address, or end.
uint64_t nextStart(std::span<const uint64_t> starts, uint64_t address, uint64_t end) {
    const auto after = std::upper_bound(starts.begin(), starts.end(), address);
    return after == starts.end() ? end : std::min(*after, end);
}

Instruction undecodedBytes(const uint8_t *bytes, uint64_t address, uint64_t size) {
    std::string text;
    for (uint64_t i = 0; i < size; ++i)
        text += fmt::format("{}{:#04x}", i ? ", " : "", bytes[i]);
    return {address, static_cast<uint32_t>(size), ".byte", std::move(text), BranchKind::None, std::nullopt};
}

} // namespace

std::vector<Instruction> Disassembler::disassemble(std::span<const uint8_t> code, uint64_t address,
                                                   std::span<const uint64_t> starts,
                                                   size_t *undecoded) const {
    std::vector<Instruction> out;
    out.reserve(code.size() / 4);
    const uint64_t end = address + code.size();
    uint64_t next = address;
    cs_insn *insn = handle_->scratch;
    size_t bad = 0;
    while (next < end) {
        const uint8_t *bytes = code.data() + (next - address);
        size_t left = end - next;
        uint64_t at = next;
        const uint64_t limit = nextStart(starts, next, end);
        if (!capstone().disassembleOne(handle_->value, &bytes, &left, &at, insn) || at > limit) {
            // Up to the next known start when it is near (an x86 instruction has at most 15 bytes).
            const uint64_t size = limit - next <= 15 ? limit - next : 1;
            out.push_back(undecodedBytes(code.data() + (next - address), next, size));
            next += size;
            ++bad;
            continue;
        }
        Instruction instruction{
            insn->address, insn->size, insn->mnemonic, insn->op_str, branchKind(handle_->value, *insn),
            std::nullopt};
        if (instruction.branch != BranchKind::None && instruction.branch != BranchKind::Return)
            instruction.target = directTarget(*insn);
        out.push_back(std::move(instruction));
        next = at;
    }
    if (undecoded) *undecoded = bad;
    return out;
}

} // namespace perfglass
