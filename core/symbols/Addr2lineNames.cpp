#include "symbols/Addr2lineNames.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

namespace perfglass {

namespace {

// Languages whose DW_AT_name binutils takes for a linkage name: those it demangles nothing of.
bool namesAreLinkageNames(Dwarf_Die *unit) {
    switch (dwarf_srclang(unit)) {
    case DW_LANG_C89:
    case DW_LANG_C:
    case DW_LANG_C99:
    case DW_LANG_C11:
    case DW_LANG_Mips_Assembler:
    case DW_LANG_Fortran77:
    case DW_LANG_Pascal83:
    case DW_LANG_Cobol74:
    case DW_LANG_Cobol85:
    case DW_LANG_PLI:
    case DW_LANG_UPC:
        return true;
    default:
        return false;
    }
}

const char *linkageName(Dwarf_Die *die) {
    Dwarf_Attribute attribute;
    for (int name : {DW_AT_linkage_name, DW_AT_MIPS_linkage_name})
        if (dwarf_attr_integrate(die, name, &attribute))
            if (const char *text = dwarf_formstring(&attribute)) return text;
    return nullptr;
}

// Where a function's code starts: its low_pc, or the start of its first range.
uint64_t lowAddress(Dwarf_Die *die) {
    Dwarf_Addr low = 0;
    if (dwarf_lowpc(die, &low) == 0) return low;
    Dwarf_Addr base = 0, high = 0;
    return dwarf_ranges(die, 0, &base, &low, &high) > 0 ? low : 0;
}

bool hasLine(Dwfl_Module *module, uint64_t address) {
    Dwfl_Line *line = dwfl_module_getsrc(module, address);
    int number = 0;
    return line && dwfl_lineinfo(line, nullptr, &number, nullptr, nullptr, nullptr) && number > 0;
}

uint64_t rangeLength(Dwarf_Die *die) {
    Dwarf_Addr low = 0, high = 0;
    if (dwarf_lowpc(die, &low) == 0 && dwarf_highpc(die, &high) == 0 && high > low) return high - low;
    return UINT64_MAX;
}

// The unit's function that binutils finds at address: of the functions covering it (an assembly file's
// unit has one per alias), the one with the smallest range, the last of equals.
Dwarf_Die topLevelFunctionAt(Dwarf_Die *unit, uint64_t address, const Dwarf_Die &found) {
    Dwarf_Die best = found;
    uint64_t bestLength = UINT64_MAX;
    Dwarf_Die child;
    if (dwarf_child(unit, &child) != 0) return best;
    do {
        if (dwarf_tag(&child) != DW_TAG_subprogram || dwarf_haspc(&child, address) <= 0) continue;
        if (const uint64_t length = rangeLength(&child); length <= bestLength) {
            best = child;
            bestLength = length;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
    return best;
}

// The function DIEs whose code covers address, innermost first: inlined calls, then the function.
// dwarf_getscopes gives the innermost inlined call, then the scopes of its abstract definition; the
// calls around it are its parents in the unit's tree.
std::vector<Dwarf_Die> functionsAt(Dwarf_Die *unit, uint64_t address) {
    Dwarf_Die *scopes = nullptr;
    const int count = dwarf_getscopes(unit, address, &scopes);
    const std::unique_ptr<Dwarf_Die, decltype(&std::free)> owned(scopes, &std::free);
    std::vector<Dwarf_Die> functions;
    int innermost = 0;
    while (innermost < count && dwarf_tag(&scopes[innermost]) != DW_TAG_inlined_subroutine &&
           dwarf_tag(&scopes[innermost]) != DW_TAG_subprogram)
        ++innermost;
    if (innermost == count) return functions;
    if (dwarf_tag(&scopes[innermost]) == DW_TAG_subprogram) {
        functions.push_back(topLevelFunctionAt(unit, address, scopes[innermost]));
        return functions;
    }
    Dwarf_Die *parents = nullptr;
    const int depth = dwarf_getscopes_die(&scopes[innermost], &parents);
    const std::unique_ptr<Dwarf_Die, decltype(&std::free)> ownedParents(parents, &std::free);
    for (int i = 0; i < depth; ++i) {
        const int tag = dwarf_tag(&parents[i]);
        if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram) functions.push_back(parents[i]);
        if (tag == DW_TAG_subprogram) break;
    }
    return functions;
}

} // namespace

Addr2lineNames::Addr2lineNames(Dwfl_Module *module)
    : module_(module) {}

// Function-like symbols as binutils counts them: any but objects, sections, files and thread-local data,
// defined in a section, leaving out the hidden local untyped markers of annotation plugins.
void Addr2lineNames::readSymbols() {
    symbolsRead_ = true;
    const int count = dwfl_module_getsymtab(module_);
    for (int i = 1; i < count; ++i) {
        GElf_Sym symbol;
        GElf_Addr address = 0;
        GElf_Word section = 0;
        const char *name = dwfl_module_getsym_info(module_, i, &symbol, &address, &section, nullptr, nullptr);
        const int type = GELF_ST_TYPE(symbol.st_info);
        if (!name || type == STT_OBJECT || type == STT_SECTION || type == STT_FILE || type == STT_TLS ||
            type == STT_COMMON || section == SHN_UNDEF || section == SHN_ABS)
            continue;
        if (symbol.st_size == 0 && GELF_ST_BIND(symbol.st_info) == STB_LOCAL && type == STT_NOTYPE &&
            GELF_ST_VISIBILITY(symbol.st_other) == STV_HIDDEN)
            continue;
        candidates_.push_back({address, std::max<uint64_t>(symbol.st_size, 1), section,
                               type == STT_FUNC || type == STT_GNU_IFUNC, name});
    }
    std::stable_sort(candidates_.begin(), candidates_.end(),
                     [](const Candidate &a, const Candidate &b) { return a.start < b.start; });
}

// binutils' choice: the nearest symbol at or below address in its section; among those starting there, in
// symbol table order, one covering the address over one that does not (else the larger), a function over
// an untyped symbol, and the smaller.
const Addr2lineNames::Candidate *Addr2lineNames::symbolHolding(uint64_t address) {
    if (!symbolsRead_) readSymbols();
    Dwarf_Addr relative = address;
    Dwarf_Addr bias = 0;
    Elf_Scn *scn = dwfl_module_address_section(module_, &relative, &bias);
    const auto section = scn ? static_cast<uint32_t>(elf_ndxscn(scn)) : 0u;
    const auto inSection = [section](const Candidate &c) { return section == 0 || c.section == section; };
    auto end = std::upper_bound(candidates_.begin(), candidates_.end(), address,
                                [](uint64_t value, const Candidate &c) { return value < c.start; });
    auto last = std::find_if(std::make_reverse_iterator(end), candidates_.rend(), inSection);
    if (last == candidates_.rend()) return nullptr;
    const uint64_t start = last->start;
    auto first = std::lower_bound(candidates_.begin(), end, start,
                                  [](const Candidate &c, uint64_t value) { return c.start < value; });
    const Candidate *best = nullptr;
    for (auto c = first; c != end; ++c) {
        if (!inSection(*c)) continue;
        if (!best || (best->start + best->size <= address && c->size > best->size)) {
            best = &*c;
            continue;
        }
        if (best->start + best->size <= address || c->start + c->size <= address) continue;
        if (best->function != c->function) {
            best = c->function ? &*c : best;
            continue;
        }
        if (c->size < best->size) best = &*c;
    }
    return best;
}

std::vector<std::string> Addr2lineNames::at(uint64_t address) {
    Dwarf_Addr bias = 0;
    Dwarf_Die *unit = dwfl_module_addrdie(module_, address, &bias);
    if (!unit || dwarf_haspc(unit, address - bias) <= 0 || !hasLine(module_, address)) return {};
    std::vector<Dwarf_Die> functions = functionsAt(unit, address - bias);
    std::vector<std::string> names;
    if (functions.empty()) {
        const Candidate *holder = symbolHolding(address);
        names.emplace_back(holder ? holder->name : "??");
        return names;
    }
    // The first time a function is named innermost without a linkage name, binutils names it after the
    // symbol and from then on by what it remembered.
    const auto remembered = [&](Dwarf_Die *die) -> const std::string * {
        const auto found = renamedFunctions_.find(dwarf_dieoffset(die));
        return found == renamedFunctions_.end() ? nullptr : &found->second;
    };
    const auto dwarfName = [](Dwarf_Die *die) -> std::string {
        if (const char *linkage = linkageName(die)) return linkage;
        const char *plain = dwarf_diename(die);
        return plain ? plain : "??";
    };
    Dwarf_Die &innermost = functions.front();
    if (const std::string *name = remembered(&innermost)) {
        names.push_back(*name);
    } else if (linkageName(&innermost) || (dwarf_diename(&innermost) && namesAreLinkageNames(unit))) {
        names.push_back(dwarfName(&innermost));
    } else {
        const Candidate *holder = symbolHolding(address);
        names.push_back(holder ? holder->name : dwarfName(&innermost));
        const bool renamed = holder && holder->start == lowAddress(&innermost) + bias;
        renamedFunctions_[dwarf_dieoffset(&innermost)] = renamed ? holder->name : dwarfName(&innermost);
    }
    for (size_t i = 1; i < functions.size(); ++i) {
        const std::string *name = remembered(&functions[i]);
        names.push_back(name ? *name : dwarfName(&functions[i]));
    }
    return names;
}

} // namespace perfglass
