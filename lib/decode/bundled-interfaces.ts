// Well-known interfaces bundled with Preflight, as human-readable signatures built with viem's parseAbi:
// decoding needs no service but the gateway. Parameter names follow the EIPs.
import { parseAbi, toFunctionSelector, type AbiFunction } from "viem";

const INTERFACES: Record<string, readonly string[]> = {
  "ERC-20": [
    "function totalSupply() view returns (uint256)",
    "function balanceOf(address account) view returns (uint256)",
    "function transfer(address to, uint256 value) returns (bool)",
    "function transferFrom(address from, address to, uint256 value) returns (bool)",
    "function approve(address spender, uint256 value) returns (bool)",
    "function allowance(address owner, address spender) view returns (uint256)",
    "function name() view returns (string)",
    "function symbol() view returns (string)",
    "function decimals() view returns (uint8)",
  ],
  "ERC-721": [
    "function balanceOf(address owner) view returns (uint256)",
    "function ownerOf(uint256 tokenId) view returns (address)",
    "function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)",
    "function safeTransferFrom(address from, address to, uint256 tokenId)",
    "function transferFrom(address from, address to, uint256 tokenId)",
    "function approve(address to, uint256 tokenId)",
    "function setApprovalForAll(address operator, bool approved)",
    "function getApproved(uint256 tokenId) view returns (address)",
    "function isApprovedForAll(address owner, address operator) view returns (bool)",
    "function tokenURI(uint256 tokenId) view returns (string)",
  ],
  "ERC-1155": [
    "function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)",
    "function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)",
    "function balanceOf(address account, uint256 id) view returns (uint256)",
    "function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])",
    "function setApprovalForAll(address operator, bool approved)",
    "function isApprovedForAll(address account, address operator) view returns (bool)",
    "function uri(uint256 id) view returns (string)",
  ],
  "ERC-165": ["function supportsInterface(bytes4 interfaceId) view returns (bool)"],
  "ERC-4626": [
    "function asset() view returns (address)",
    "function totalAssets() view returns (uint256)",
    "function deposit(uint256 assets, address receiver) returns (uint256 shares)",
    "function mint(uint256 shares, address receiver) returns (uint256 assets)",
    "function withdraw(uint256 assets, address receiver, address owner) returns (uint256 shares)",
    "function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)",
    "function convertToShares(uint256 assets) view returns (uint256)",
    "function convertToAssets(uint256 shares) view returns (uint256)",
  ],
  Ownable: ["function owner() view returns (address)", "function transferOwnership(address newOwner)", "function renounceOwnership()"],
  Multicall: [
    "function multicall(bytes[] data) returns (bytes[] results)",
    "function aggregate((address target, bytes callData)[] calls) returns (uint256 blockNumber, bytes[] returnData)",
    "function aggregate3((address target, bool allowFailure, bytes callData)[] calls) returns ((bool success, bytes returnData)[] returnData)",
  ],
  Safe: [
    "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, " +
      "uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) returns (bool)",
    "function getOwners() view returns (address[])",
    "function getThreshold() view returns (uint256)",
    "function nonce() view returns (uint256)",
  ],
  "EIP-1271": ["function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)"],
  Permit2: [
    "function permitTransferFrom(((address token, uint256 amount) permitted, uint256 nonce, uint256 deadline) permit, " +
      "(address to, uint256 requestedAmount) transferDetails, address owner, bytes signature)",
    "function transferFrom(address from, address to, uint160 amount, address token)",
    "function approve(address token, address spender, uint160 amount, uint48 expiration)",
  ],
  "ERC-2612": [
    "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
    "function nonces(address owner) view returns (uint256)",
    "function DOMAIN_SEPARATOR() view returns (bytes32)",
  ],
  WETH: ["function deposit() payable", "function withdraw(uint256 wad)"],
};

export interface BundledFunction {
  item: AbiFunction;
  interfaceName: string;
}

/** Every bundled function by selector; several interfaces may share one (ERC-20's and ERC-721's transferFrom). */
export const BUNDLED_BY_SELECTOR: ReadonlyMap<string, readonly BundledFunction[]> = (() => {
  const bySelector = new Map<string, BundledFunction[]>();
  for (const [interfaceName, signatures] of Object.entries(INTERFACES)) {
    for (const item of parseAbi(signatures as readonly string[]) as readonly AbiFunction[]) {
      const selector = toFunctionSelector(item);
      bySelector.set(selector, [...(bySelector.get(selector) ?? []), { item, interfaceName }]);
    }
  }
  return bySelector;
})();

export const BUNDLED_INTERFACE_NAMES = Object.keys(INTERFACES);
