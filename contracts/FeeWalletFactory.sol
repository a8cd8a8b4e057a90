// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {FeeWallet} from "./FeeWallet.sol";

interface IFeeWalletBalance {
    function balanceOf(address account) external view returns (uint256);
}

/// @title FeeWalletFactory
/// @notice One fee wallet per creator at CREATE2 salt bytes32(uint256(uint160(creator))).
/// `distribute(creator)` may be called by anyone: the money can only go to the creator the address
/// was derived from and to the treasury fixed here.
contract FeeWalletFactory {
    uint256 public constant MAX_FEE_BPS = 10_000;
    /// keccak256 of FeeWallet's creation code; the same constant is exported by lib/chain/abis.ts.
    bytes32 public constant WALLET_INIT_CODE_HASH = keccak256(type(FeeWallet).creationCode);

    address public immutable token;
    address public immutable treasury;
    uint256 public immutable feeBps;

    event FeeWalletDeployed(address indexed creator, address indexed wallet);
    event Distributed(address indexed creator, address indexed wallet, uint256 creatorAmount, uint256 feeAmount);

    error ZeroAddress();
    error FeeTooHigh(uint256 feeBps);

    constructor(address token_, address treasury_, uint256 feeBps_) {
        if (token_ == address(0) || treasury_ == address(0)) revert ZeroAddress();
        if (feeBps_ > MAX_FEE_BPS) revert FeeTooHigh(feeBps_);
        token = token_;
        treasury = treasury_;
        feeBps = feeBps_;
    }

    function saltOf(address creator) public pure returns (bytes32) {
        return bytes32(uint256(uint160(creator)));
    }

    function feeWalletAddress(address creator) public view returns (address) {
        return address(
            uint160(
                uint256(
                    keccak256(abi.encodePacked(bytes1(0xff), address(this), saltOf(creator), WALLET_INIT_CODE_HASH))
                )
            )
        );
    }

    /// @notice Sends the wallet's balance out: balance * feeBps / 10000 (rounded down) to the treasury,
    /// the rest to the creator.
    function distribute(address creator) external returns (uint256 creatorAmount, uint256 feeAmount) {
        if (creator == address(0)) revert ZeroAddress();
        FeeWallet wallet = FeeWallet(feeWalletAddress(creator));
        if (address(wallet).code.length == 0) {
            wallet = new FeeWallet{salt: saltOf(creator)}();
            emit FeeWalletDeployed(creator, address(wallet));
        }
        uint256 balance = IFeeWalletBalance(token).balanceOf(address(wallet));
        feeAmount = balance * feeBps / MAX_FEE_BPS;
        creatorAmount = balance - feeAmount;
        if (feeAmount != 0) wallet.pay(treasury, feeAmount);
        if (creatorAmount != 0) wallet.pay(creator, creatorAmount);
        emit Distributed(creator, address(wallet), creatorAmount, feeAmount);
    }
}
