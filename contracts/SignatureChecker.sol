// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice Signature checks shared by Usdc and GatewayWallet.
/// @dev Accepts 65-byte ECDSA signatures (r, s, v) from EOAs, and ERC-1271 answers from contract
/// wallets, like USDC v2.2 does for its bytes-signature entry points. Never reverts: callers in a
/// batch must be able to skip a bad item instead of failing the whole transaction.
library SignatureChecker {
    // secp256k1n / 2: a larger s is the malleable twin of a valid signature (EIP-2).
    uint256 private constant HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    function recover(bytes32 digest, uint8 v, bytes32 r, bytes32 s) internal pure returns (address) {
        if (uint256(s) > HALF_N) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }

    function isValid(address signer, bytes32 digest, bytes memory signature) internal view returns (bool) {
        if (signer == address(0)) return false;
        if (signer.code.length > 0) return isValidErc1271(signer, digest, signature);
        if (signature.length != 65) return false;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
        return recover(digest, v, r, s) == signer;
    }

    /// @dev Bounded gas and a 32-byte return copy, so a hostile wallet contract can neither burn the
    /// whole batch's gas nor return a huge blob.
    function isValidErc1271(address signer, bytes32 digest, bytes memory signature) internal view returns (bool) {
        bytes memory data = abi.encodeWithSelector(0x1626ba7e, digest, signature);
        bool ok;
        bytes32 answer;
        uint256 size;
        assembly ("memory-safe") {
            ok := staticcall(200000, signer, add(data, 0x20), mload(data), 0, 0x20)
            size := returndatasize()
            answer := mload(0)
        }
        return ok && size >= 32 && answer == bytes32(bytes4(0x1626ba7e));
    }
}
